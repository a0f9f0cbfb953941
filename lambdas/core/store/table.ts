/**
 * The single DynamoDB table's key schema, shared by the CDK storage construct and every store, so
 * that the table and its users cannot disagree. Every item type uses its own `pk` prefix.
 *
 * | item                 | pk                    | sk            |
 * |----------------------|-----------------------|---------------|
 * | receivable           | `RCV#<match key>`     | `RCV`         |
 * | rate-limit bucket    | `RATE#<account>`      | `RATE`        |
 * | report wait/webhook  | `WAIT#<report id>`    | `WAIT`        |
 * | idempotency record   | `IDEMPOTENCY`         | `<key>`       |
 * | run marker           | `RUN#<run id>`        | `RUN`         |
 * | book totals          | `TOTALS`              | `TOTALS`      |
 * | aging's due list     | `DUE#<due date>`      | `<night>#<n>` |
 * | due lists gathered   | `DUE`                 | `GATHERED`    |
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Attribute holding the time-to-live epoch seconds (rate buckets, waits, idempotency records, due lists, receivables past the horizon). */
  ttlAttribute: 'expiresAt',
  /**
   * The summary's work index, sparse, over the receivables in an action state: gsi2pk =
   * `STAKE#<state>`, gsi2sk = `<|difference| zero-padded>#<key>`; the summary reads each state's
   * largest items from the top (totals/largest.ts). (Until issue 15 it also held every OPEN
   * receivable by due date for aging, which now reads its due lists: recon/due-lists.ts.)
   */
  workIndex: { name: 'byWork', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
} as const;
