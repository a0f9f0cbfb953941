import { createStepHandler } from '../core/workflow/lambda-handler';

/** Step `plan` of the nightly workflow (see lambdas/core/workflow/steps.ts). */
export const handler = createStepHandler('plan');
