/** The simulated world of the lifecycle end-to-end tests: a production period holding every role. */
import type { ReconConfigInput } from '../../lambdas/core/config';
import { startLocalWorld } from '../../local/simulated-world';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../local/simulator';

/**
 * Seed and size chosen so that the period holds every role and state (the tests assert it); `traps`
 * adds the cases that count money twice when read naively (`local/simulator/universe/lifecycle-traps.ts`);
 * smaller pages put more records at a page seam.
 */
export function startLifecycleWorld(
  recon: ReconConfigInput = {},
  lifecycle: true | 'traps' = true,
  recordsPerPage = 100,
) {
  return startLocalWorld({
    mode: 'production',
    workflow: { pagesPerBatch: 2 },
    simulator: {
      seed: 5,
      dataset: { sales: 60, from: '2025-01-01', to: '2025-01-31', recordsPerPage, lifecycle },
      timing: { waitingMs: 5, processingMs: 10 },
    },
    recon: { recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN, ...recon },
  });
}
