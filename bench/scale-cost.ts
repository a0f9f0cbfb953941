/**
 * Per-step figures of one scale night and its cost at list prices (bench/prices.json): Lambda
 * GB-seconds from each step's wall time and its deployed memory, DynamoDB units as counted, S3 and
 * Step Functions requests and EventBridge events as counted. Unlike bench/cost.ts nothing is scaled: the figure is the cost
 * of this night against this book.
 */
import type { StepName } from '../lambdas/core/workflow/step-catalog';
import type { Prices } from './cost';
import { round } from './figures';

export interface StepFigures {
  readonly invocations: number;
  readonly seconds: number;
  readonly rru: number;
  readonly wru: number;
  readonly gbSeconds: number;
  readonly peakRssMb: number;
}

const S3_PUT_CLASS = /^(Put|Copy|List|CreateMultipart|UploadPart|CompleteMultipart)/;
const MB = 1024 * 1024;

export function sumStepCosts(
  byStep: ReadonlyMap<string, { invocations: number; ms: number; rru: number; wru: number; peakRss: number }>,
  night: {
    prices: Prices;
    memoryByStep: Partial<Record<StepName, number>>;
    s3: Record<string, number>;
    transitions: number;
    records: number;
    /** The night's events as EventBridge bills them. */
    eventBridgeEvents: number;
  },
) {
  const { prices } = night;
  const steps: Record<string, StepFigures> = {};
  let invocations = 0;
  const total = { seconds: 0, rru: 0, wru: 0, gbSeconds: 0 };
  for (const [name, counted] of byStep) {
    if (counted.invocations === 0) continue;
    const gbSeconds = (counted.ms / 1000) * ((night.memoryByStep[name as StepName] ?? 1024) / 1024);
    steps[name] = {
      invocations: counted.invocations,
      seconds: round(counted.ms / 1000, 2),
      rru: round(counted.rru, 1),
      wru: round(counted.wru, 1),
      gbSeconds: round(gbSeconds, 2),
      peakRssMb: round(counted.peakRss / MB, 1),
    };
    invocations += counted.invocations;
    total.seconds += counted.ms / 1000;
    total.rru += counted.rru;
    total.wru += counted.wru;
    total.gbSeconds += gbSeconds;
  }
  const s3Put = Object.entries(night.s3).reduce((n, [op, c]) => n + (S3_PUT_CLASS.test(op) ? c : 0), 0);
  const s3Get = Object.entries(night.s3).reduce((n, [op, c]) => n + (S3_PUT_CLASS.test(op) ? 0 : c), 0);
  const lambdaDurationUsd = total.gbSeconds * prices.lambda.usdPerGbSecond;
  const countedUsd =
    (invocations / 1e6) * prices.lambda.usdPerMillionRequests +
    (night.transitions / 1000) * prices.stepFunctions.usdPerThousandStateTransitions +
    (total.wru / 1e6) * prices.dynamodb.usdPerMillionWriteRequestUnits +
    (total.rru / 1e6) * prices.dynamodb.usdPerMillionReadRequestUnits +
    (s3Put / 1000) * prices.s3.usdPerThousandPutCopyPostListRequests +
    (s3Get / 1000) * prices.s3.usdPerThousandGetSelectOtherRequests +
    (night.eventBridgeEvents / 1e6) * prices.eventbridge.usdPerMillionCustomEvents;
  const usd = lambdaDurationUsd + countedUsd;
  return {
    steps,
    total: {
      seconds: round(total.seconds, 1),
      rru: round(total.rru, 1),
      wru: round(total.wru, 1),
      gbSeconds: round(total.gbSeconds, 1),
      usd: round(usd, 5),
      /** What requests and units cost: counted, so free of the machine's load. */
      countedUsd: round(countedUsd, 6),
      /** Lambda GB-seconds: measured wall time, which moves with the machine's load. */
      lambdaDurationUsd: round(lambdaDurationUsd, 6),
      usdPerMillionRecords: round((usd / night.records) * 1e6, 3),
    },
  };
}
