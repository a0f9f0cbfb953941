import { createStepHandler } from '../runtime/step-handler';

/** Step `finishJob` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). */
export const handler = createStepHandler('finishJob');
