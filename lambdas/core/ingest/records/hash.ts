/**
 * Hashes of things that have no canonical form: a quarantined record (its identity cannot be built
 * from fields that did not read) and a page entry that is not even an object. Canonical records are
 * identified by meaning instead (see `identity.ts`).
 */
import { hash } from 'node:crypto';

/**
 * SHA-256 (hex) of a raw record with its keys upper-cased, sorted, values as received: independent
 * of key order and key case (the sandbox's `vlLiquido` and `VLLIQUIDO`).
 */
export function rawRecordHash(record: Readonly<Record<string, unknown>>): string {
  const entries = Object.keys(record).map((key) => [key.toUpperCase(), stableJson(record[key])] as const);
  // Ties (`nsu` and `NSU`) ordered by value, so the order the keys came in never matters.
  entries.sort(([ka, va], [kb, vb]) => (ka !== kb ? (ka < kb ? -1 : 1) : va < vb ? -1 : va > vb ? 1 : 0));
  let text = '';
  for (const [key, value] of entries) text += `${JSON.stringify(key)}:${value},`;
  return sha256(text);
}

/** Hash of anything that is not a flat record (a malformed page entry). */
export function hashValue(value: unknown): string {
  return sha256(stableJson(value));
}

export function sha256(text: string): string {
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
