import { buildAgeReceivablesStep } from '../core/workflow/steps/finish';
import { buildAgingDeps } from '../runtime/deps/aging';
import { createStepHandler } from '../runtime/step-handler';
import { bucketFromEnv, reconConfigFromEnv, tableFromEnv } from '../runtime/workflow-env';

/** Step `ageReceivables` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). */
export const handler = createStepHandler('ageReceivables', ({ now, warn }) =>
  buildAgeReceivablesStep({
    ageReceivables: buildAgingDeps({
      ...tableFromEnv(),
      ...bucketFromEnv(),
      reconConfig: reconConfigFromEnv(),
      now,
      warn,
    }),
  }),
);
