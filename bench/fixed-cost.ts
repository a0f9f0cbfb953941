/**
 * The fixed monthly items of the bench's cost section: what the stack costs every month whether or
 * not a run happens (docs/deploy.md, "Fixed monthly items"), at a stated volume. Alarms, keys,
 * secrets and log retention are read from the template synthesized with the shipped production
 * configuration (config/production.example.json), so the estimate follows the stack; the request
 * counts come from the counted nightly run (bench/cost.ts), scaled to the volume.
 */
import { readFileSync } from 'node:fs';
import { buildReconApp } from '../lib/app';
import type { StageConfigInput } from '../lib/config';
import { round } from './figures';

/** The volume the fixed items are priced at. */
export const FIXED_COST_VOLUME = {
  recordsPerMonth: 1_000_000,
  /** Receivables kept in the table (point-in-time recovery is billed on its size). */
  bookReceivables: 1_000_000,
} as const;

// Assumed, not measured (printed with the figures).
/** Step Functions logs a state's entry and its exit, each with its input or output at level ALL. */
const LOG_EVENTS_PER_TRANSITION = 2;
const BYTES_PER_STATE_LOG_EVENT = 2_048;
/** START, END and REPORT lines plus a few structured lines per invocation. */
const BYTES_PER_LAMBDA_INVOCATION_LOG = 3_072;
/** docs/scale.md: a recount Scan reads 875,000 units at 10 million receivables, 0.5 unit per 4 KB. */
const BYTES_PER_RECEIVABLE = 700;

const GB = 1024 ** 3;

export interface FixedPrices {
  readonly cloudwatch: {
    usdPerGbLogsIngested: number;
    usdPerGbMonthLogsStored: number;
    usdPerAlarmMetricMonth: number;
  };
  readonly xray: { usdPerMillionTracesRecorded: number };
  readonly kms: { usdPerKeyMonth: number; usdPerTenThousandRequests: number };
  readonly dynamodb: { usdPerGbMonthPointInTimeRecovery: number };
  readonly secretsManager: { usdPerSecretMonth: number; usdPerTenThousandApiCalls: number };
}

/** What the fixed items depend on in the template. */
export interface TemplateFixedItems {
  /** Metrics the alarms watch: a standard alarm is billed per metric, a math alarm per metric in it. */
  readonly alarmMetrics: number;
  readonly kmsKeys: number;
  readonly secrets: number;
  readonly longestLogRetentionDays: number;
}

interface TemplateResource {
  readonly Type: string;
  readonly Properties?: { Metrics?: { MetricStat?: unknown }[]; RetentionInDays?: number };
}

export function fixedItemsOfTemplate(resources: Record<string, TemplateResource>): TemplateFixedItems {
  const all = Object.values(resources);
  const ofType = (type: string) => all.filter((r) => r.Type === type);
  return {
    alarmMetrics: ofType('AWS::CloudWatch::Alarm').reduce(
      (sum, alarm) => sum + (alarm.Properties?.Metrics?.filter((m) => m.MetricStat).length ?? 1),
      0,
    ),
    kmsKeys: ofType('AWS::KMS::Key').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    longestLogRetentionDays: Math.max(
      ...ofType('AWS::Logs::LogGroup').map((g) => g.Properties?.RetentionInDays ?? 0),
    ),
  };
}

/** The template of the shipped production configuration. */
export function productionExampleItems(): TemplateFixedItems {
  const stage = JSON.parse(
    readFileSync(new URL('../config/production.example.json', import.meta.url), 'utf8'),
  ) as StageConfigInput;
  const { app, stack } = buildReconApp({ stage, skipBundling: true, nag: false });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, TemplateResource>;
  };
  return fixedItemsOfTemplate(template.Resources);
}

export interface FixedItem {
  readonly usd: number;
  readonly basis: string;
}

export interface FixedMonthlyCost {
  readonly volume: typeof FIXED_COST_VOLUME;
  readonly usdPerMonth: number;
  readonly items: Record<'logs' | 'xray' | 'alarms' | 'kmsKey' | 'pointInTimeRecovery' | 'secret', FixedItem>;
  readonly assumptions: string[];
}

/** The counted run's requests per million records that the fixed items scale with (bench/cost.ts). */
export interface RunCountsPerMillion {
  readonly lambdaInvocations: number;
  readonly stateTransitions: number;
  readonly snsPublishes: number;
}

export function fixedMonthlyCost(
  perMillionRecords: RunCountsPerMillion,
  template: TemplateFixedItems,
  prices: FixedPrices,
  volume = FIXED_COST_VOLUME,
): FixedMonthlyCost {
  const scale = volume.recordsPerMonth / 1_000_000;
  const invocations = perMillionRecords.lambdaInvocations * scale;
  const logGb =
    (perMillionRecords.stateTransitions * scale * LOG_EVENTS_PER_TRANSITION * BYTES_PER_STATE_LOG_EVENT +
      invocations * BYTES_PER_LAMBDA_INVOCATION_LOG) /
    GB;
  const storedLogGb = logGb * (template.longestLogRetentionDays / 30);
  const bookGb = (volume.bookReceivables * BYTES_PER_RECEIVABLE) / GB;
  const kmsRequests = perMillionRecords.snsPublishes * scale;
  const item = (usd: number, basis: string): FixedItem => ({ usd: round(usd, 4), basis });
  const items = {
    logs: item(
      logGb * prices.cloudwatch.usdPerGbLogsIngested +
        storedLogGb * prices.cloudwatch.usdPerGbMonthLogsStored,
      `${round(logGb * 1024, 1)} MB ingested a month, ${round(storedLogGb * 1024, 1)} MB kept (${template.longestLogRetentionDays} days)`,
    ),
    // Each traced invocation records at most one trace: an upper bound.
    xray: item(
      (invocations / 1e6) * prices.xray.usdPerMillionTracesRecorded,
      `at most ${Math.round(invocations)} traces a month`,
    ),
    alarms: item(
      template.alarmMetrics * prices.cloudwatch.usdPerAlarmMetricMonth,
      `${template.alarmMetrics} alarm metrics`,
    ),
    kmsKey: item(
      template.kmsKeys * prices.kms.usdPerKeyMonth +
        (kmsRequests / 1e4) * prices.kms.usdPerTenThousandRequests,
      `${template.kmsKeys} key(s), one request per encrypted publish`,
    ),
    pointInTimeRecovery: item(
      bookGb * prices.dynamodb.usdPerGbMonthPointInTimeRecovery,
      `${round(bookGb, 2)} GB table`,
    ),
    // The Lambdas cache the secret per cold start: at most one call per invocation.
    secret: item(
      template.secrets * prices.secretsManager.usdPerSecretMonth +
        (invocations / 1e4) * prices.secretsManager.usdPerTenThousandApiCalls,
      `${template.secrets} secret(s), at most one read per invocation`,
    ),
  };
  return {
    volume,
    usdPerMonth: round(
      Object.values(items).reduce((sum, { usd }) => sum + usd, 0),
      2,
    ),
    items,
    assumptions: [
      `${volume.recordsPerMonth.toLocaleString('en')} records a month, a book of ${volume.bookReceivables.toLocaleString('en')} receivables (${BYTES_PER_RECEIVABLE} bytes each, docs/scale.md's recount figure)`,
      `the stack of config/production.example.json with the default cost settings (logs at ALL with execution data, tracing, point-in-time recovery on)`,
      `logs: ${LOG_EVENTS_PER_TRANSITION} events of ${BYTES_PER_STATE_LOG_EVENT} bytes per state transition, ${BYTES_PER_LAMBDA_INVOCATION_LOG} bytes per Lambda invocation (assumed, not measured); kept as long as the longest retention of the stack's log groups`,
      'no free tier (X-Ray records 100,000 traces a month free, CloudWatch 10 alarm metrics and 5 GB of logs)',
    ],
  };
}
