/**
 * The single DynamoDB table's key schema, shared by the CDK storage construct and every store, so
 * that the table and its users cannot disagree. Every item type uses its own `pk` prefix, listed in
 * {@link KEY_PREFIXES}; its key builders and item schema live with the store that owns it, made with
 * `defineEntity` (entity.ts), so no module spells a key by hand.
 *
 * | item                 | entity            | pk                                         | sk              |
 * |----------------------|-------------------|--------------------------------------------|-----------------|
 * | receivable           | receivable        | `RCV#<match key>`                          | `RCV`           |
 * | rate-limit bucket    | rateBucket        | `RATE#<account>`                           | `RATE`          |
 * | report wait/webhook  | reportWait        | `WAIT#<report id>`                         | `WAIT`          |
 * | webhook delivery     | webhookDelivery   | `IDEMPOTENCY`                              | `webhook#<id>`  |
 * | run marker           | runMarker         | `RUN#<environment>#<from>#<to>`            | `RUN`           |
 * | book totals          | totals            | `TOTALS`                                   | `TOTALS`        |
 * | aging's due list     | dueList           | `DUE#<due date>`                           | `<night>#<n>`   |
 * | due lists gathered   | dueListsGathered  | `DUE`                                      | `GATHERED`      |
 * | generation lease     | generationLease   | `GENLEASE#<environment>`                   | `<config id>`   |
 * | window's kept report | keptReport        | `WINDOWS#<environment>#<config id>`        | `<from>#<to>`   |
 * | page fingerprint     | pagePrint         | `PAGEPRINT#<report id>`                    | `<sha256>`      |
 * | page batch result    | batchResult       | `BATCHES#<execution>#<config>#<from>#<to>` | `B#<index>`     |
 * | account-level item   | accountItem       | `ACCT#<acquirer>`                          | `<date>#<merchant>` |
 * | bank transactions    | bankTransactions  | `BANK#<posted date>`                       | `<bank account>#<shard>` |
 * | break's decision     | breakHead         | `BREAKS`                                   | `<break id>`    |
 * | break's audit event  | breakEvent        | `BREAK#<break id>`                         | `E#<version>`   |
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Attribute holding the time-to-live epoch seconds (rate buckets, waits, idempotency records, due lists, receivables past the horizon). */
  ttlAttribute: 'expiresAt',
} as const;

/**
 * The `pk` prefix of every item type, by entity name (the name a malformed item's error gives). The
 * due lists and their gathering marker share `DUE`: the marker's pk is the bare word, a list's never is.
 */
export const KEY_PREFIXES = {
  receivable: 'RCV',
  rateBucket: 'RATE',
  reportWait: 'WAIT',
  webhookDelivery: 'IDEMPOTENCY',
  runMarker: 'RUN',
  totals: 'TOTALS',
  dueList: 'DUE',
  dueListsGathered: 'DUE',
  generationLease: 'GENLEASE',
  keptReport: 'WINDOWS',
  pagePrint: 'PAGEPRINT',
  batchResult: 'BATCHES',
  accountItem: 'ACCT',
  bankTransactions: 'BANK',
  breakHead: 'BREAKS',
  breakEvent: 'BREAK',
} as const;

/** Joins a key's parts with the table's separator. */
export function keyOf(...parts: readonly (string | number)[]): string {
  return parts.join('#');
}
