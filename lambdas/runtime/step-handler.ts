/**
 * The one Lambda handler shape of the workflow: Middy with Powertools logger (correlation keys:
 * execution, report id, page range), metrics and tracer, the step's own dependencies built once per
 * container (by the `build` its handler passes: only what that step uses), then exactly one step,
 * bound to its contract (core/workflow/build-steps.ts `bindContract`): its input and its output are parsed
 * with the step's schemas, as in local runs.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { PageIngestorDeps } from '../core/ingest/lake/ingest';
import { type BoundStep, bindContract } from '../core/workflow/build-steps';
import type { StepImplementation } from '../core/workflow/contracts';
import { correlationKeys } from '../core/workflow/correlation';
import type { StepName } from '../core/workflow/step-catalog';
import { tracer } from './aws-clients';

const logger = new Logger();
const metrics = new Metrics();

/** What the runtime gives every step's builder: the clock and the log's observers. */
export interface StepContext {
  readonly now: () => Date;
  /** Each ingested page's counts, logged for the per-page report. */
  readonly onPageIngested: NonNullable<PageIngestorDeps['onPageIngested']>;
  /** Something a step leaves undone but does not fail for, logged as a warning. */
  readonly warn: (message: string, details: Record<string, unknown>) => void;
}

export function createStepHandler<S extends StepName>(
  step: S,
  build: (context: StepContext) => StepImplementation<S> | Promise<StepImplementation<S>>,
) {
  // The step's name on every log line: one Lambda per step, but a log search spans them.
  logger.appendPersistentKeys({ step });
  const context: StepContext = {
    now: () => new Date(),
    onPageIngested: (source, counts) =>
      logger.info('page ingested', { reportId: source.reportId, page: source.page, ...counts }),
    warn: (message, details) => logger.warn(message, details),
  };
  // Built at the first invocation of this container and reused; rebuilt if building failed.
  let built: Promise<BoundStep<S>> | undefined;
  return (
    middy(async (event: unknown) => {
      built ??= Promise.resolve()
        .then(() => build(context))
        .then((implementation) => bindContract(step, implementation))
        .catch((error) => {
          built = undefined;
          throw error;
        });
      logger.appendKeys(correlationKeys(event));
      try {
        const result = await (await built)(event);
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
