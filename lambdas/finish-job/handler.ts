import { createStepHandler } from '../core/workflow/lambda-handler';

/** Step `finishJob` of the nightly workflow (see lambdas/core/workflow/steps.ts). */
export const handler = createStepHandler('finishJob');
