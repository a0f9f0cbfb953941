/**
 * The record hash: recon's deduplication id for a raw record.
 *
 * SHA-256 (hex) over the raw record with its keys upper-cased and sorted, values as received
 * (JSON, nested objects with sorted keys). It is therefore independent of key order and key case
 * (the sandbox's `vlLiquido` and `VLLIQUIDO`) and of recon's configuration: changing an alias list
 * or the match key never changes the id of a record already stored, so re-ingesting old reports
 * after a configuration change still deduplicates. Values are hashed as received, not as
 * normalized: the provider sends one record the same way on every download, and hashing the raw
 * value keeps the id meaningful for quarantined records, which have no normalized form.
 */
import { hash } from 'node:crypto';

/**
 * Hashes a raw record given as its upper-cased keys and their values (same index), in any order.
 * Two parallel arrays rather than `[key, value]` pairs: no small array per field in the hot loop.
 */
export type RecordHasher = (keys: readonly string[], values: readonly unknown[]) => string;

/**
 * A hasher remembers the key layouts it has seen: the records of one report share a few (the
 * sandbox varies key case per record, production does not), so keys are sorted and quoted once per
 * layout rather than once per record (the hash is the normalizer's main cost). The text hashed is
 * the JSON of the record with sorted keys.
 */
export function buildRecordHasher(): RecordHasher {
  const layouts = new Map<string, Layout>();
  let lastKeys: readonly string[] | undefined;
  let last: Layout | undefined;
  return (keys, values) => {
    if (!sameKeys(keys, lastKeys)) {
      lastKeys = [...keys];
      last = layoutOf(layouts, keys);
    }
    const { order, prefixes } = last as Layout;
    if (order === undefined || values.some(isNested)) return hashSlowly(keys, values);
    let text = keys.length === 0 ? '{' : '';
    for (let n = 0; n < order.length; n++) text += prefixes[n] + scalarJson(values[order[n] as number]);
    return sha256(`${text}}`);
  };
}

/** Sorted key order (undefined when a key repeats) and the JSON text before each value. */
interface Layout {
  readonly order: number[] | undefined;
  readonly prefixes: string[];
}

/** Layouts kept per hasher; a report with more distinct layouts than this starts over (still correct). */
const MAX_LAYOUTS = 512;

function layoutOf(layouts: Map<string, Layout>, keys: readonly string[]): Layout {
  // JSON of the key list: unambiguous whatever characters the keys hold.
  const signature = JSON.stringify(keys);
  let layout = layouts.get(signature);
  if (layout === undefined) {
    const order = sortedOrderIfDistinct(keys);
    const prefixes = (order ?? []).map((i, n) => `${n === 0 ? '{' : ','}${JSON.stringify(keys[i])}:`);
    layout = { order, prefixes };
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    layouts.set(signature, layout);
  }
  return layout;
}

/** Characters JSON.stringify escapes in a string (lone surrogates included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify` of a scalar, without the call for the common plain string. */
function scalarJson(value: unknown): string {
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  return JSON.stringify(value) ?? 'null';
}

function sameKeys(keys: readonly string[], last: readonly string[] | undefined): boolean {
  if (last === undefined || keys.length !== last.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== last[i]) return false;
  return true;
}

/** Indices of `keys` in sorted order, or undefined when a key repeats (`nsu` and `NSU`). */
function sortedOrderIfDistinct(keys: readonly string[]): number[] | undefined {
  const order = keys.map((_, i) => i).sort((a, b) => ((keys[a] as string) < (keys[b] as string) ? -1 : 1));
  for (let i = 1; i < order.length; i++) {
    if (keys[order[i] as number] === keys[order[i - 1] as number]) return undefined;
  }
  return order;
}

function isNested(value: unknown): boolean {
  return (typeof value === 'object' && value !== null) || typeof value === 'bigint';
}

/** Repeated keys or nested values: every entry serialized stably, ties ordered by value. */
function hashSlowly(keys: readonly string[], values: readonly unknown[]): string {
  const entries = keys.map((key, i) => [key, stableJson(values[i])] as const);
  entries.sort(([ka, va], [kb, vb]) => (ka !== kb ? (ka < kb ? -1 : 1) : va < vb ? -1 : va > vb ? 1 : 0));
  let text = '';
  for (const [key, value] of entries) text += `${JSON.stringify(key)}:${value},`;
  return sha256(text);
}

/** Hash of anything that is not a flat record (a malformed page entry). */
export function hashValue(value: unknown): string {
  return sha256(stableJson(value));
}

function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/** JSON with object keys sorted; `undefined` (not JSON) is written as `null`. */
function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  const record = value as Record<string, unknown>;
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
}
