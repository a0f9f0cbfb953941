/**
 * JSON helpers. Parsing that keeps the provider's 64-bit report ids exact.
 *
 * Report ids are integers of about 16 digits: above 2^53 `JSON.parse` silently rounds them, and a
 * rounded id downloads somebody else's report or none. Every `"id": <integer>` is therefore read as
 * a decimal string before parsing; ids travel through recon as strings and are written back to the
 * provider as bare JSON integers by {@link stringifyWithRawIds}.
 */

const ID_NUMBER = /("id"\s*:\s*)(-?\d+)(?=\s*[,}\]])/g;

/** Parses provider JSON; every `id` field holding an integer comes back as its exact decimal string. */
export function parseJsonPreservingIds(text: string): unknown {
  return JSON.parse(text.replace(ID_NUMBER, '$1"$2"'));
}

/** Serializes a request body; the `id` fields given as decimal strings are written as JSON integers. */
export function stringifyWithRawIds(body: Record<string, unknown>): string {
  return JSON.stringify(body).replace(/("id":)"(-?\d+)"/g, '$1$2');
}

/** JSON with every object's keys sorted: one text per content, whatever order it was built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
