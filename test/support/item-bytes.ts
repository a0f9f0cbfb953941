/** DynamoDB's item size rule: names and values in UTF-8, numbers ~1 byte per 2 digits + 1, +3 per map/list entry. */
export function itemBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).length / 2) + 1;
  if (value && typeof value === 'object') {
    return Object.entries(value).reduce(
      (sum, [name, v]) => sum + Buffer.byteLength(name) + itemBytes(v) + 1,
      3,
    );
  }
  return 1;
}
