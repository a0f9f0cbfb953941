import { ENV } from '../core/env';
import { buildSummarizeStep } from '../core/workflow/steps/finish';
import { runGuardOf } from '../runtime/deps/stores';
import { buildSummaryDeps } from '../runtime/deps/summary';
import { optionalEnv } from '../runtime/env';
import { createStepHandler } from '../runtime/step-handler';
import {
  bucketFromEnv,
  eventsFromEnv,
  publishFromEnv,
  reconConfigFromEnv,
  tableFromEnv,
  workflowConfigFromEnv,
} from '../runtime/workflow-env';

/**
 * Step `summarize` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). The full summary is in
 * S3 and SNS; the step returns only the two fields the state machine branches on.
 */
export const handler = createStepHandler('summarize', ({ now, warn }) => {
  // Set by the stack when the web inbox is on: the report and the message link into it.
  const inboxUrl = optionalEnv(ENV.inboxUrl);
  const wiring = {
    ...tableFromEnv(),
    ...bucketFromEnv(),
    reconConfig: reconConfigFromEnv(),
    workflowConfig: workflowConfigFromEnv(),
    publish: publishFromEnv(),
    events: eventsFromEnv(),
    now,
    warn,
    ...(inboxUrl === undefined ? {} : { inboxUrl }),
  };
  return buildSummarizeStep({ summarize: buildSummaryDeps(wiring), runGuard: runGuardOf(wiring) });
});
