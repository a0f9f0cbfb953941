import { buildFinishJobStep } from '../core/workflow/steps/finish';
import { batchResultsOf } from '../runtime/deps/stores';
import { createStepHandler } from '../runtime/step-handler';
import { tableFromEnv } from '../runtime/workflow-env';

/** Step `finishJob` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). */
export const handler = createStepHandler('finishJob', ({ now }) =>
  buildFinishJobStep({ batchResults: batchResultsOf({ ...tableFromEnv(), now }) }),
);
