import { createStepHandler } from '../runtime/step-handler';

/** Step `ageReceivables` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). */
export const handler = createStepHandler('ageReceivables');
