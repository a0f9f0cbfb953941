/**
 * Remembers which webhook deliveries (by the signed body's `requestId`) were already handled, so a
 * duplicate or replayed delivery is answered 200 without touching anything.
 *
 * One conditional put (`pk = IDEMPOTENCY`, `sk = webhook#<requestId>`, `attribute_not_exists`) on
 * the single table rather than Powertools idempotency: the receiver must decide "first or
 * duplicate" after the signature check and before its side effect, not wrap a whole function and
 * replay its cached response; and a single-item conditional write behaves the same on dynalite as
 * on DynamoDB, so the tests exercise the real thing. `release` undoes a claim when handling failed,
 * so the provider's retry of that delivery is not mistaken for a duplicate.
 */
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { conditionalWrite } from '../store/conditional';
import { defineEntity } from '../store/entity';

export interface RequestDedupe {
  claim(requestId: string): Promise<'first' | 'duplicate'>;
  release(requestId: string): Promise<void>;
}

/** Written only, never read back: the schema types the put. */
const webhookDelivery = defineEntity({
  name: 'webhookDelivery',
  partition: () => [],
  sort: (requestId: string) => `webhook#${requestId}`,
  schema: z.object({ receivedAt: z.string(), expiresAt: z.number() }),
});

export function buildRequestDedupe(deps: {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
  /** How long a delivery id is remembered. @default 7 */
  ttlDays?: number;
}): RequestDedupe {
  const { ddb, tableName, now } = deps;
  const ttlSeconds = (deps.ttlDays ?? 7) * 86_400;
  const key = (requestId: string) => webhookDelivery.key(undefined, requestId);
  return {
    async claim(requestId) {
      const at = now();
      const written = await conditionalWrite(
        ddb.send(
          new PutCommand({
            TableName: tableName,
            Item: webhookDelivery.item(key(requestId), {
              receivedAt: at.toISOString(),
              expiresAt: Math.floor(at.getTime() / 1000) + ttlSeconds,
            }),
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      return written ? 'first' : 'duplicate';
    },
    async release(requestId) {
      await ddb.send(new DeleteCommand({ TableName: tableName, Key: key(requestId) }));
    },
  };
}
