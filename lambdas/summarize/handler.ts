import { createStepHandler } from '../runtime/step-handler';

/**
 * Step `summarize` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). The full summary is in
 * S3 and SNS; the step returns only the two fields the state machine branches on.
 */
export const handler = createStepHandler('summarize');
