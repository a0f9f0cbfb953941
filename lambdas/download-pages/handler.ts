import { downloadPagesFromEnv } from '../runtime/download-env';
import { createStepHandler } from '../runtime/step-handler';

/** Step `downloadPages` of the nightly workflow (see lambdas/core/workflow/steps/download.ts). */
export const handler = createStepHandler('downloadPages', downloadPagesFromEnv);
