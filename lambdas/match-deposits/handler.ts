import { buildMatchDepositsStep } from '../core/workflow/steps/finish';
import { buildDepositMatchDeps } from '../runtime/deps/deposits';
import { createStepHandler } from '../runtime/step-handler';
import { bucketFromEnv, reconConfigFromEnv, tableFromEnv } from '../runtime/workflow-env';

/** Step `matchDeposits` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). */
export const handler = createStepHandler('matchDeposits', ({ now, warn }) =>
  buildMatchDepositsStep({
    matchDeposits: buildDepositMatchDeps({
      ...tableFromEnv(),
      ...bucketFromEnv(),
      reconConfig: reconConfigFromEnv(),
      now,
      warn,
    }),
  }),
);
