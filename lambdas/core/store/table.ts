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
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Attribute holding the time-to-live epoch seconds (rate buckets, waits, idempotency records). */
  ttlAttribute: 'expiresAt',
  /**
   * Sparse index listing receivables by state and due date: gsi1pk = `STATUS#<state>`, gsi1sk =
   * `<dueDate>#<key>`, set only for the states somebody acts on (INDEXED_STATUSES in recon/item.ts).
   */
  byStatusIndex: { name: 'byStatus', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
} as const;
