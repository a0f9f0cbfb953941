/**
 * Benchmark 4: estimated AWS cost per million records, from the requests COUNTED in a local nightly
 * run (bench/pipeline.ts) and the list prices in bench/prices.json. Counts are scaled linearly from
 * the run's record count to 1,000,000.
 *
 * Assumptions (printed with the figures):
 * - Lambda duration = the step's wall time on this machine. Locally dynalite and s3rver share the CPU
 *   with the steps, so download durations are an overestimate of AWS's (DynamoDB answers in ms).
 * - Polling: locally the report is ready at once; in AWS a report takes minutes and the poll loop
 *   waits `pollIntervalSeconds`, so POLLS_PER_REPORT extra checks (an invocation and 3 transitions
 *   each) are added per report.
 * - DynamoDB WRU/RRU as dynalite computes them for the table (it has no secondary index, see
 *   aws-counters.ts); S3 PUT-class = PutObject/CopyObject/ListObjects, GET-class = the rest.
 */
import { readFileSync } from 'node:fs';
import type { StepName } from '../lambdas/core/workflow/step-catalog';
import { round } from './figures';
import type { FixedPrices } from './fixed-cost';
import type { PipelineRun } from './pipeline';

const POLLS_PER_REPORT = 10;
/** Wait, Check report and Report ready? per poll. */
const TRANSITIONS_PER_POLL = 3;

export interface Prices extends Omit<FixedPrices, 'dynamodb'> {
  readonly region: string;
  readonly asOf: string;
  readonly lambda: { usdPerGbSecond: number; usdPerMillionRequests: number };
  readonly stepFunctions: { usdPerThousandStateTransitions: number };
  readonly dynamodb: {
    usdPerMillionWriteRequestUnits: number;
    usdPerMillionReadRequestUnits: number;
  } & FixedPrices['dynamodb'];
  readonly s3: {
    usdPerThousandPutCopyPostListRequests: number;
    usdPerThousandGetSelectOtherRequests: number;
  };
  readonly sns: { usdPerMillionPublishes: number };
  readonly eventbridge: { usdPerMillionCustomEvents: number };
}

export function loadPrices(): Prices {
  return JSON.parse(readFileSync(new URL('./prices.json', import.meta.url), 'utf8')) as Prices;
}

const PUT_CLASS = new Set([
  'PutObject',
  'CopyObject',
  'ListObjects',
  'ListObjectsV2',
  'CreateMultipartUpload',
  'UploadPart',
  'CompleteMultipartUpload',
]);

export interface CostFigures {
  readonly usdPerMillionRecords: number;
  readonly region: string;
  readonly pricesAsOf: string;
  readonly basedOnRecords: number;
  /** Per million records. */
  readonly counts: {
    lambdaInvocations: number;
    lambdaGbSeconds: number;
    stateTransitions: number;
    dynamoWru: number;
    dynamoRru: number;
    s3PutClass: number;
    s3GetClass: number;
    snsPublishes: number;
    eventBridgeEvents: number;
  };
  /** S3 requests per million records by `operation prefix` (bench/aws-counters.ts), largest first. */
  readonly s3ByPrefix: Record<string, number>;
  /** USD per million records, per service. */
  readonly usd: Record<'lambda' | 'stepFunctions' | 'dynamodb' | 's3' | 'sns' | 'eventbridge', number>;
  /**
   * What the ERP export and the events add, per million records: the export's S3 requests
   * (`exports/baixas`, its ledgers) and the bus's billed events (its reads are the summary's, counted in DynamoDB).
   */
  readonly exportAndEventsUsd: number;
  readonly assumptions: string[];
}

export function estimateCost(
  run: PipelineRun,
  memoryByStep: Partial<Record<StepName, number>>,
  prices: Prices,
): CostFigures {
  const scale = 1_000_000 / run.records;
  const reports = run.outcomes.length;
  const checkReport = run.steps.checkReport ?? { invocations: 1, ms: 0 };
  const pollMs = checkReport.ms / Math.max(checkReport.invocations, 1);
  let gbSeconds = 0;
  let invocations = 0;
  for (const [step, { invocations: n, ms }] of Object.entries(run.steps)) {
    const memoryGb = (memoryByStep[step as StepName] ?? 1024) / 1024;
    gbSeconds += (ms / 1000) * memoryGb;
    invocations += n;
  }
  const extraPolls = POLLS_PER_REPORT * reports;
  gbSeconds += (extraPolls * pollMs * ((memoryByStep.checkReport ?? 256) / 1024)) / 1000;
  invocations += extraPolls;
  const s3Put = Object.entries(run.s3).reduce((sum, [op, n]) => sum + (PUT_CLASS.has(op) ? n : 0), 0);
  const s3Get = Object.entries(run.s3).reduce((sum, [op, n]) => sum + (PUT_CLASS.has(op) ? 0 : n), 0);
  const counts = {
    lambdaInvocations: invocations * scale,
    lambdaGbSeconds: gbSeconds * scale,
    stateTransitions: (run.stateTransitions + extraPolls * TRANSITIONS_PER_POLL) * scale,
    dynamoWru: run.dynamo.wcu * scale,
    dynamoRru: run.dynamo.rcu * scale,
    s3PutClass: s3Put * scale,
    s3GetClass: s3Get * scale,
    snsPublishes: run.published * scale,
    eventBridgeEvents: run.eventBridgeEvents * scale,
  };
  const usd = {
    lambda:
      counts.lambdaGbSeconds * prices.lambda.usdPerGbSecond +
      (counts.lambdaInvocations / 1e6) * prices.lambda.usdPerMillionRequests,
    stepFunctions: (counts.stateTransitions / 1000) * prices.stepFunctions.usdPerThousandStateTransitions,
    dynamodb:
      (counts.dynamoWru / 1e6) * prices.dynamodb.usdPerMillionWriteRequestUnits +
      (counts.dynamoRru / 1e6) * prices.dynamodb.usdPerMillionReadRequestUnits,
    s3:
      (counts.s3PutClass / 1000) * prices.s3.usdPerThousandPutCopyPostListRequests +
      (counts.s3GetClass / 1000) * prices.s3.usdPerThousandGetSelectOtherRequests,
    sns: (counts.snsPublishes / 1e6) * prices.sns.usdPerMillionPublishes,
    eventbridge: (counts.eventBridgeEvents / 1e6) * prices.eventbridge.usdPerMillionCustomEvents,
  };
  const total = Object.values(usd).reduce((sum, v) => sum + v, 0);
  // The lines, and the ledgers of what they posted (deposits, account items).
  const baixasRequests = Object.entries(run.s3ByPrefix).filter(([label]) =>
    / exports\/baixas(-ledger)?$/.test(label),
  );
  const baixasUsd = baixasRequests.reduce((sum, [label, n]) => {
    const perThousand = PUT_CLASS.has(label.split(' ')[0] ?? '')
      ? prices.s3.usdPerThousandPutCopyPostListRequests
      : prices.s3.usdPerThousandGetSelectOtherRequests;
    return sum + ((n * scale) / 1000) * perThousand;
  }, 0);
  return {
    usdPerMillionRecords: round(total, 3),
    region: prices.region,
    pricesAsOf: prices.asOf,
    basedOnRecords: run.records,
    counts: Object.fromEntries(
      Object.entries(counts).map(([k, v]) => [k, round(v, 1)]),
    ) as CostFigures['counts'],
    s3ByPrefix: Object.fromEntries(
      Object.entries(run.s3ByPrefix)
        .sort(([, a], [, b]) => b - a)
        .map(([label, n]) => [label, round(n * scale, 1)]),
    ),
    usd: Object.fromEntries(Object.entries(usd).map(([k, v]) => [k, round(v, 4)])) as CostFigures['usd'],
    exportAndEventsUsd: round(baixasUsd + usd.eventbridge, 4),
    assumptions: [
      `list prices ${prices.region} as of ${prices.asOf} (bench/prices.json), no free tier`,
      'counts scaled linearly from one local nightly run to 1,000,000 records; the 3 months before its period were ingested first, uncounted, and its clock reads the night after the period',
      "role records in the mix: the simulator's lifecycle dataset (cancellations, chargebacks, reversals, advances, adjustments, fees; codes A2, A3, E1, F1, G1) read with its record roles (bench/mix.ts); results.json `dynamodb.byCode` gives the counts",
      'Lambda duration = local wall time of each step against dynalite in its own process (it answers far slower than DynamoDB: an overestimate)',
      `${POLLS_PER_REPORT} extra polls per report in AWS (report takes minutes, poll interval 60 s)`,
      'DynamoDB: table units from dynalite (the table has no secondary index)',
      "events: the night's file as the bus would take it, a billed EventBridge event per started 64 KB of an entry; the ERP export: its S3 requests (`exports/baixas`, `exports/baixas-ledger`)",
      'not included: S3 storage, data transfer, API Gateway for webhooks; the fixed monthly items (logs, X-Ray, alarms, KMS key, point-in-time recovery, secret) are in fixedMonthly',
    ],
  };
}
