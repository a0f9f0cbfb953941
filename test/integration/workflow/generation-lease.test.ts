/**
 * The generation lease on dynalite, with the length the stack deploys: a live owner whose generate
 * Task uses up its whole retry schedule (every attempt to its timeout, every delay at its maximum)
 * still holds the lease at the end, so no other generation can take it and drop the persisted
 * snapshot; once that schedule is over (the owner is gone) the lease is free again.
 */
import { describe, expect, it } from 'vitest';
import { buildGenerationLease } from '../../../lambdas/core/workflow/provider-report/generation-lease';
import { deployedWorkflowConfigOf, parseStageConfig } from '../../../lib/config';
import {
  GENERATE_RETRIES,
  GENERATE_TIMEOUT_SECONDS,
  worstRetrySeconds,
} from '../../../lib/workflow/retry-schedule';
import { localDynamoPerFile } from '../../support/recon-dynamo';

const CONFIGURATION = 35176;
const OWNER = 'exec-a#35176#2025-01-01#2025-01-31';
const OTHER = 'exec-b#35176#2025-02-01#2025-02-28';
const SNAPSHOT = { day: '2026-03-09', ids: ['101', '102'] };
/** The lease the stack deploys with. */
const LEASE_MS =
  deployedWorkflowConfigOf(
    parseStageConfig({ environment: 'production', baseUrl: 'https://provider.example/api/' }),
  ).generationLeaseSeconds * 1000;

describe('generation lease under a live owner retry', () => {
  const stores = localDynamoPerFile();
  let clock = Date.parse('2026-03-10T06:30:00Z');

  const lease = () =>
    buildGenerationLease({
      ddb: stores.dynamo.documentClient,
      tableName: stores.dynamo.tableName,
      environment: 'production',
      now: () => clock,
      sleep: async () => {},
      leaseMs: LEASE_MS,
      // One look, no waiting: the competitor either takes the lease or is told it is busy.
      waitMs: 0,
    });

  it('keeps the lease and its snapshot through the whole retry schedule of the generate Task', async () => {
    await lease().acquire(CONFIGURATION, OWNER);
    await lease().saveSnapshot(CONFIGURATION, OWNER, SNAPSHOT);

    // The last moment the owner can still be working: its final attempt ending at its timeout.
    clock += worstRetrySeconds(GENERATE_RETRIES, GENERATE_TIMEOUT_SECONDS) * 1000;

    await expect(lease().acquire(CONFIGURATION, OTHER)).rejects.toThrow(/lease busy/);
    expect(await lease().acquire(CONFIGURATION, OWNER)).toEqual({ snapshot: SNAPSHOT });

    // The owner is gone (no renewal for a whole lease): the next generation gets in, without its snapshot.
    clock += LEASE_MS + 1;
    expect(await lease().acquire(CONFIGURATION, OTHER)).toEqual({});
  });
});
