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

/** Hashes raw records given as `[upper-cased key, value]` entries, in any order. */
export type RecordHasher = (entries: [string, unknown][]) => string;

/**
 * A hasher remembers the key order of the last record: the records of one report share it, so the
 * keys are sorted and quoted once per page rather than once per record (the hash is the
 * normalizer's main cost). The text hashed is the JSON of the record with sorted keys.
 */
export function buildRecordHasher(): RecordHasher {
  let lastKeys: string[] | undefined;
  let order: number[] | undefined;
  let prefixes: string[] = [];
  return (entries) => {
    if (!sameKeys(entries, lastKeys)) {
      const keys = entries.map(firstOf);
      lastKeys = keys;
      order = sortedOrderIfDistinct(keys);
      prefixes = (order ?? []).map((i, n) => `${n === 0 ? '{' : ','}${JSON.stringify(keys[i])}:`);
    }
    if (order === undefined || entries.some(isNested)) return hashSlowly(entries);
    let text = entries.length === 0 ? '{' : '';
    for (let n = 0; n < order.length; n++) {
      text += prefixes[n] + scalarJson((entries[order[n] as number] as [string, unknown])[1]);
    }
    return sha256(`${text}}`);
  };
}

/** Characters JSON.stringify escapes in a string (lone surrogates included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify` of a scalar, without the call for the common plain string. */
function scalarJson(value: unknown): string {
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  return JSON.stringify(value) ?? 'null';
}

function sameKeys(entries: [string, unknown][], keys: string[] | undefined): boolean {
  if (keys === undefined || entries.length !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) if ((entries[i] as [string, unknown])[0] !== keys[i]) return false;
  return true;
}

/** Indices of `keys` in sorted order, or undefined when a key repeats (`nsu` and `NSU`). */
function sortedOrderIfDistinct(keys: string[]): number[] | undefined {
  const order = keys.map((_, i) => i).sort((a, b) => ((keys[a] as string) < (keys[b] as string) ? -1 : 1));
  for (let i = 1; i < order.length; i++) {
    if (keys[order[i] as number] === keys[order[i - 1] as number]) return undefined;
  }
  return order;
}

function isNested(entry: [string, unknown]): boolean {
  return (typeof entry[1] === 'object' && entry[1] !== null) || typeof entry[1] === 'bigint';
}

/** Repeated keys or nested values: every entry serialized stably, ties ordered by value. */
function hashSlowly(entries: [string, unknown][]): string {
  const sorted = [...entries].sort(compareEntries);
  let text = '';
  for (const [key, value] of sorted) text += `${JSON.stringify(key)}:${stableJson(value)},`;
  return sha256(text);
}

function firstOf(entry: [string, unknown]): string {
  return entry[0];
}

/** Hash of anything that is not a flat record (a malformed page entry). */
export function hashValue(value: unknown): string {
  return sha256(stableJson(value));
}

function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

function compareEntries(a: [string, unknown], b: [string, unknown]): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  // Same key after upper-casing (`nsu` and `NSU` both present): order by value so input order never matters.
  const va = stableJson(a[1]);
  const vb = stableJson(b[1]);
  return va < vb ? -1 : va > vb ? 1 : 0;
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
