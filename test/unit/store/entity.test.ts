/**
 * The table entity helper (lambdas/core/store/entity.ts) and the one conditional-write helper
 * (conditional.ts): keys built from the prefix map, a malformed item read back failing loudly with
 * its entity and key, and a refused condition answered as `undefined`.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conditionalWrite } from '../../../lambdas/core/store/conditional';
import { defineEntity, MalformedItemError } from '../../../lambdas/core/store/entity';

const window = defineEntity({
  name: 'keptReport',
  partition: ({ environment, id }: { environment: string; id: number }) => [environment, id],
  sort: ({ from, to }: { from: string; to: string }) => `${from}#${to}`,
  schema: z.object({ reportId: z.string(), stalled: z.boolean().optional() }),
});

const marker = defineEntity({
  name: 'totals',
  partition: () => [],
  sort: () => 'TOTALS',
  schema: z.object({ ready: z.boolean().optional() }),
});

describe('defineEntity', () => {
  it('builds keys from the prefix map, and reads a pk back to what followed the prefix', () => {
    const key = window.key({ environment: 'production', id: 7 }, { from: '2025-03-01', to: '2025-03-31' });
    expect(key).toEqual({ pk: 'WINDOWS#production#7', sk: '2025-03-01#2025-03-31' });
    expect(window.pkPrefix).toBe('WINDOWS#');
    expect(window.partitionOf(key.pk)).toBe('production#7');
    expect(window.pk({ environment: 'production', id: 7 })).toBe(key.pk);
    expect(window.sk({ from: 'a', to: 'b' })).toBe('a#b');
  });

  it('gives a pk with no parts as the bare prefix', () => {
    expect(marker.key()).toEqual({ pk: 'TOTALS', sk: 'TOTALS' });
  });

  it('round-trips a key whose part holds the separator', () => {
    const receivable = defineEntity({
      name: 'receivable',
      partition: (key: string) => [key],
      sort: () => 'RCV',
      schema: z.object({}),
    });
    const key = 'ACQ1|EC1|2025-03-01|100001#x';
    expect(receivable.partitionOf(receivable.pk(key))).toBe(key);
  });

  it('puts the key first and the attributes after it, nothing else', () => {
    const key = window.key({ environment: 'sandbox', id: 1 }, { from: 'a', to: 'b' });
    const item = window.item(key, { reportId: 'r1' });
    expect(item).toEqual({ pk: 'WINDOWS#sandbox#1', sk: 'a#b', reportId: 'r1' });
    expect(Object.keys(item)).toEqual(['pk', 'sk', 'reportId']);
  });

  it('parses a stored item to its schema, dropping the key', () => {
    expect(window.parse({ pk: 'WINDOWS#sandbox#1', sk: 'a#b', reportId: 'r1', stalled: true })).toEqual({
      reportId: 'r1',
      stalled: true,
    });
  });

  it('fails loudly on a malformed item, naming the entity, its key and what is wrong', () => {
    const read = () => window.parse({ pk: 'WINDOWS#sandbox#1', sk: 'a#b', reportId: 42 });
    expect(read).toThrow(MalformedItemError);
    expect(read).toThrow(
      /^malformed keptReport item \(pk WINDOWS#sandbox#1, sk a#b\): reportId: .*expected string/,
    );
  });

  it('names the key it was given when the item was read without it (a projection)', () => {
    expect(() => window.parse({ stalled: 'yes' }, { pk: 'WINDOWS#sandbox#1' })).toThrow(
      /malformed keptReport item \(pk WINDOWS#sandbox#1, sk \?\): reportId: .*; stalled: /,
    );
  });

  it('never puts attribute values in the error (a wait item holds a task token)', () => {
    const secret = 'task-token-secret';
    let message = '';
    try {
      window.parse({ pk: 'WINDOWS#x#1', sk: 'a#b', reportId: 1, stalled: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/stalled: .*expected boolean/);
    expect(message).not.toContain(secret);
  });
});

describe('conditionalWrite', () => {
  const refused = () =>
    Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

  it('answers a refused condition with undefined: someone else got there first', async () => {
    await expect(conditionalWrite(Promise.reject(refused()))).resolves.toBeUndefined();
  });

  it('returns what the write answered when the condition held', async () => {
    await expect(conditionalWrite(Promise.resolve({ Attributes: { holder: 'me' } }))).resolves.toEqual({
      Attributes: { holder: 'me' },
    });
  });

  it('throws every other error', async () => {
    const throttled = Object.assign(new Error('slow down'), {
      name: 'ProvisionedThroughputExceededException',
    });
    await expect(conditionalWrite(Promise.reject(throttled))).rejects.toBe(throttled);
  });
});
