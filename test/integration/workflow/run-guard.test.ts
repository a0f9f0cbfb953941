/**
 * The run guard on dynalite: one conditional put decides, so two starts for the same period cannot
 * both run; a finished FAILED run, an expired lease or `force` lets a new start proceed.
 */
import { describe, expect, it } from 'vitest';
import { buildRunGuard } from '../../../lambdas/core/workflow/run-guard';
import { localDynamoPerFile } from '../../support/recon-dynamo';

describe('run guard', () => {
  const stores = localDynamoPerFile();
  let clock = Date.parse('2026-03-10T06:30:00Z');

  const guard = () =>
    buildRunGuard({
      ddb: stores.dynamo.documentClient,
      tableName: stores.dynamo.tableName,
      now: () => new Date(clock),
      leaseMinutes: 60,
    });
  let period = 0;
  const nextKey = () => {
    period += 1;
    return {
      environment: 'production',
      from: `2025-01-${String(period).padStart(2, '0')}`,
      to: '2025-01-31',
    };
  };

  it('lets exactly one of two concurrent starts run', async () => {
    const key = nextKey();

    const results = await Promise.all([guard().claim(key, 'exec-a'), guard().claim(key, 'exec-b')]);

    expect(results.filter((r) => r.claimed)).toHaveLength(1);
    expect(results.find((r) => !r.claimed)).toMatchObject({
      reason: expect.stringMatching(/already RUNNING/),
    });
  });

  it('skips a COMPLETED period, but lets a FAILED one run again', async () => {
    const key = nextKey();
    await guard().claim(key, 'exec-a');
    await guard().finish(key, 'exec-a', 'COMPLETED');
    expect(await guard().claim(key, 'exec-b')).toEqual({
      claimed: false,
      reason: `${key.from}..${key.to} is already COMPLETED (execution exec-a)`,
    });

    const other = nextKey();
    await guard().claim(other, 'exec-a');
    await guard().finish(other, 'exec-a', 'FAILED');
    expect(await guard().claim(other, 'exec-b')).toEqual({ claimed: true });
  });

  it('lets a retried Plan of the same execution through, and a new start once the lease expired', async () => {
    const key = nextKey();
    await guard().claim(key, 'exec-a');
    expect(await guard().claim(key, 'exec-a')).toEqual({ claimed: true });
    expect((await guard().claim(key, 'exec-b')).claimed).toBe(false);

    clock += 61 * 60_000;
    expect(await guard().claim(key, 'exec-b')).toEqual({ claimed: true });
  });

  it('force takes the marker, and the displaced execution cannot overwrite it when it finishes', async () => {
    const key = nextKey();
    await guard().claim(key, 'exec-a');
    await guard().finish(key, 'exec-a', 'COMPLETED');

    expect(await guard().claim(key, 'exec-b', { force: true })).toEqual({ claimed: true });
    await guard().finish(key, 'exec-a', 'FAILED');
    await guard().finish(key, 'exec-b', 'COMPLETED');

    expect(await guard().claim(key, 'exec-c')).toMatchObject({ reason: expect.stringContaining('exec-b') });
  });
});
