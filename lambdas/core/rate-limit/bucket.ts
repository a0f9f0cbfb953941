/**
 * The shared limiter's bucket item (`RATE#<account>` / `RATE`, see dynamo.ts). Its schema never
 * fails: an attribute that is missing or damaged reads as `undefined`, since the limiter repairs a
 * damaged item rather than stopping every provider call of the account.
 */
import { z } from 'zod';
import { defineEntity } from '../store/entity';
import { TABLE } from '../store/table';
import { isRecent, type Recent } from './window';

export const rateBucket = defineEntity({
  name: 'rateBucket',
  partition: (account: string) => [account],
  sort: () => 'RATE',
  schema: z.object({
    token: z.string().optional().catch(undefined),
    recent: z.custom<Recent>(isRecent).optional().catch(undefined),
    [TABLE.ttlAttribute]: z.number().optional().catch(undefined),
  }),
});
