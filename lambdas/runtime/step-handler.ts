/**
 * The one Lambda handler shape of the workflow: Middy with Powertools logger (correlation keys:
 * execution, report id, page range), metrics and tracer, dependencies built once per container, then
 * exactly one step. Input validation is the step's own zod parse, so local runs validate identically.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import { correlationKeys } from '../core/workflow/correlation';
import type { StepName } from '../core/workflow/step-catalog';
import type { WorkflowSteps } from '../core/workflow/steps';
import { tracer } from './aws-clients';
import { buildStepsFromEnvironment } from './workflow-env';

const logger = new Logger();
const metrics = new Metrics();

export function createStepHandler(step: StepName) {
  // Built at the first invocation of this container and reused; rebuilt if building failed.
  let steps: Promise<WorkflowSteps> | undefined;
  return (
    middy(async (event: unknown) => {
      steps ??= buildStepsFromEnvironment(step, {
        onPageIngested: (source, counts) =>
          logger.info('page ingested', { reportId: source.reportId, page: source.page, ...counts }),
        warn: (message, details) => logger.warn(message, details),
      }).catch((error) => {
        steps = undefined;
        throw error;
      });
      logger.appendKeys(correlationKeys(event));
      try {
        const result = await (await steps)[step](event);
        metrics.addMetric('StepSucceeded', MetricUnit.Count, 1);
        return result;
      } catch (error) {
        metrics.addMetric('StepFailed', MetricUnit.Count, 1);
        logger.error('step failed', error as Error);
        throw error;
      }
    })
      // Step results stay out of the trace (they can be large); errors and timings are what X-Ray is for.
      .use(captureLambdaHandler(tracer, { captureResponse: false }))
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(logMetrics(metrics))
  );
}
