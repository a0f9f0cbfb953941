/**
 * The lake and the book agree: after a production period of the simulator's lifecycle dataset run
 * end to end (variance, every role, pages that overlap at each seam), then re-run after a change of
 * `recordRoles`, each money query over the lake gives, per acquirer and month, exactly the book's
 * (DynamoDB's) figures: one identity, seam and role rule for both.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../../../lambdas/core/calendar';
import { parseReconConfig, type ReconConfigInput } from '../../../lambdas/core/config';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import { buildWorkflowSteps } from '../../../lambdas/core/workflow/build-steps';
import type { LocalWorld } from '../../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { wireStepDeps } from '../../../local/world';
import { expectLakeAgreesWithBook } from '../../support/lake-agreement';
import { startLifecycleWorld } from '../../support/lifecycle-world';

const PERIOD = { from: '2025-01-01', to: '2025-03-31' } as const;
const AS_OF = addDays(PERIOD.to, 1);

const CONFIGURED: ReconConfigInput = {
  recordRoles: SIMULATOR_RECORD_ROLES,
  recordSign: SIMULATOR_RECORD_SIGN,
};
const { E1, ...WITHOUT_E1 } = SIMULATOR_RECORD_ROLES;
/** Configurations before chargebacks (`08`) and reversals (`09`) were: E1 read otherwise, or not at all. */
const BEFORE: readonly [string, ReconConfigInput][] = [
  [
    'E1 read as its default, adjustments',
    {
      ...CONFIGURED,
      recordRoles: { ...SIMULATOR_RECORD_ROLES, E1: { ...E1, values: { '06': 'CANCELLATION' } } },
    },
  ],
  ['E1 without a role', { ...CONFIGURED, recordRoles: WITHOUT_E1 }],
];

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function run(w: LocalWorld, recon: ReconConfigInput, force = false) {
  // The steps of a deployment whose configuration is `recon`, on this world's stores and provider.
  const deps = wireStepDeps({
    dynamo: w.dynamo,
    s3: w.s3,
    provider: { url: w.simulator.url, credentials: w.simulator.credentials },
    limiter: buildInProcessLimiter({ ratePerSecond: 1_000 }),
    reconConfig: parseReconConfig(recon),
    workflowConfig: w.deps.config,
    providerClient: { baseDelayMs: 5, maxDelayMs: 50 },
  });
  const result = await w.run({ ...PERIOD, asOf: AS_OF, force }, { steps: buildWorkflowSteps(deps) });
  expect(result.status, JSON.stringify(result.error)).toBe('SUCCEEDED');
}

describe('the lake’s money queries equal the book’s figures', () => {
  it.each(BEFORE)(
    'after a run with page seams (%s), and after a re-run once chargebacks are configured',
    async (_, before) => {
      // Pages of 7 records: money records (fees, chargebacks, advances) land on page seams.
      world = await startLifecycleWorld(before, true, 7);
      world.simulator.setFaults({ pageSeamOverlap: 'bare' });
      await run(world, before);
      const first = await expectLakeAgreesWithBook(world, AS_OF);
      expect(first.seamed).toBeGreaterThan(0);
      expect(first.figures.chargebacks_by_month).toEqual({});

      await run(world, CONFIGURED, true);
      // The re-run counts the chargebacks, in the book and in the lake.
      const second = await expectLakeAgreesWithBook(world, AS_OF);
      expect(second.figures.chargebacks_by_month).not.toEqual({});
    },
    120_000,
  );
});
