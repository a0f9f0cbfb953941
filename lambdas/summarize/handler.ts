import { createStepHandler } from '../core/workflow/lambda-handler';

/** Step `summarize` of the nightly workflow (see lambdas/core/workflow/steps.ts). */
export const handler = createStepHandler('summarize');
