import { machineView } from '../core/workflow/steps/finish';
import { createStepHandler } from '../runtime/step-handler';

/**
 * Step `summarize` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). The full summary is in
 * S3 and SNS; the state machine gets only the two fields it branches on, so the state stays small.
 */
export const handler = createStepHandler('summarize', machineView);
