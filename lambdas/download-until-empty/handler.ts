import { createStepHandler } from '../core/workflow/lambda-handler';

/** Step `downloadUntilEmpty` of the nightly workflow (see lambdas/core/workflow/steps.ts). */
export const handler = createStepHandler('downloadUntilEmpty');
