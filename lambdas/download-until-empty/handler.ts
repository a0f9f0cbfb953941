import { downloadUntilEmptyFromEnv } from '../runtime/download-env';
import { createStepHandler } from '../runtime/step-handler';

/** Step `downloadUntilEmpty` of the nightly workflow (see lambdas/core/workflow/steps/download.ts). */
export const handler = createStepHandler('downloadUntilEmpty', downloadUntilEmptyFromEnv);
