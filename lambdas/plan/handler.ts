import { createStepHandler } from '../runtime/step-handler';

/** Step `plan` of the nightly workflow (see lambdas/core/workflow/steps/plan.ts). */
export const handler = createStepHandler('plan');
