import { createStepHandler } from '../runtime/step-handler';

/** Step `generateReport` of the nightly workflow (see lambdas/core/workflow/steps/report.ts). */
export const handler = createStepHandler('generateReport');
