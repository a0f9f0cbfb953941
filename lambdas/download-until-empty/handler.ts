import { createStepHandler } from '../core/workflow/lambda-handler';

/** Step `downloadSandboxPages` of the nightly workflow (see lambdas/core/workflow/steps.ts). */
export const handler = createStepHandler('downloadSandboxPages');
