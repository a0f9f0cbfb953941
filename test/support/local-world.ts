/**
 * A whole recon world on this machine for integration tests: the provider simulator over HTTP,
 * dynalite, s3rver, the REAL workflow steps wired exactly as the Lambdas wire them
 * (`buildWorkflowDeps`), and the synthesized state machine run with aws-local-stepfunctions.
 * Production worlds can add the webhook path: the local webhook server running the real receiver,
 * registered with the simulator, which then signs and delivers events over HTTP.
 */
import type { IsoDate } from '../../lambdas/core/calendar';
import { parseReconConfig, type ReconConfigInput } from '../../lambdas/core/config';
import { buildInProcessLimiter } from '../../lambdas/core/rate-limit/in-process';
import type { RateLimiter } from '../../lambdas/core/rate-limit/port';
import { collect, scanPages } from '../../lambdas/core/recon/queries';
import { type ReceivableView, toReceivableView } from '../../lambdas/core/recon/view';
import { parseWorkflowConfig, type WorkflowConfigInput } from '../../lambdas/core/workflow/config';
import type { ExecutionInput } from '../../lambdas/core/workflow/contracts';
import { buildWorkflowSteps, type WorkflowSteps } from '../../lambdas/core/workflow/steps';
import { buildWebhookReceiverFrom } from '../../lambdas/runtime/webhook-wiring';
import { buildWorkflowDeps, type WorkflowWiring } from '../../lambdas/runtime/workflow-wiring';
import { parseStageConfig, type StageConfigInput, workflowConfigOf } from '../../lib/config';
import { type LocalDynamo, startDynamoProcess, startLocalDynamo } from '../../local/aws/dynamodb';
import { type LocalS3, startLocalS3 } from '../../local/aws/s3';
import {
  type ExpectedReceivable,
  type Simulator,
  type SimulatorOptions,
  startSimulator,
} from '../../local/simulator';
import {
  createLocalTaskTokens,
  type LocalRunOptions,
  type LocalRunResult,
  runWorkflowLocally,
  synthesizeWorkflowDefinition,
} from '../../local/stepfunctions';
import { type LocalWebhookServer, startLocalWebhookServer } from '../../local/webhook/server';

export interface LocalWorldOptions {
  readonly mode: 'sandbox' | 'production';
  readonly simulator?: Omit<SimulatorOptions, 'mode'>;
  /** Production only: receive the simulator's webhooks and wait for them in the workflow. */
  readonly webhook?: boolean;
  /** Stage settings: they shape the definition and, as deployed, the steps' settings. */
  readonly stage?: Omit<StageConfigInput, 'environment' | 'baseUrl' | 'webhook'>;
  /** The steps' settings over those the stage gives them (e.g. ones the stage does not expose). */
  readonly workflow?: Omit<WorkflowConfigInput, 'environment' | 'webhook'>;
  readonly recon?: ReconConfigInput;
  /** Rate of the in-process limiter. @default 1000 (pacing is the limiter's own test) */
  readonly ratePerSecond?: number;
  /** Another limiter instead (e.g. the shared DynamoDB one on this world's table, as deployed). */
  readonly limiter?: (dynamo: LocalDynamo) => RateLimiter;
  /** Provider client tuning (e.g. a short `timeoutMs` for hang faults). @default fast retries */
  readonly provider?: WorkflowWiring['provider'];
  /** The steps' clock (business date, leases, deadlines). @default the real time */
  readonly now?: () => Date;
  /** Run dynalite in its own process (benchmarks time the steps without DynamoDB's own work). */
  readonly dynamoProcess?: boolean;
}

export interface LocalWorld {
  readonly simulator: Simulator;
  readonly dynamo: LocalDynamo;
  readonly s3: LocalS3;
  readonly webhookServer?: LocalWebhookServer;
  readonly taskTokens: ReturnType<typeof createLocalTaskTokens>;
  /** The real steps `run` executes; wrap them and pass `{ steps }` to `run` to observe or break one. */
  readonly steps: WorkflowSteps;
  /** Messages the summary published (SNS stand-in). */
  readonly published: { subject: string; message: string }[];
  run(input: ExecutionInput, options?: Partial<LocalRunOptions>): Promise<LocalRunResult>;
  /** Every receivable in the table, as views derived for `asOf`, in match-key order. */
  receivables(asOf: IsoDate): Promise<ComparableReceivable[]>;
  /** The simulator's answer key for the same period, in the same order and shape. */
  expected(query: { from: IsoDate; to: IsoDate; asOf: IsoDate }): ComparableReceivable[];
  close(): Promise<void>;
}

export type ComparableReceivable = Pick<
  ExpectedReceivable,
  | 'acquirer'
  | 'merchant'
  | 'saleDate'
  | 'nsu'
  | 'authorization'
  | 'installment'
  | 'status'
  | 'forecastNetCents'
  | 'settledNetCents'
  | 'dueDate'
>;

function comparable(r: ComparableReceivable | ReceivableView): ComparableReceivable {
  return {
    acquirer: r.acquirer as string,
    merchant: r.merchant as string,
    saleDate: r.saleDate as string,
    nsu: r.nsu as string,
    authorization: r.authorization as string,
    installment: r.installment as number,
    // The simulator's ground truth names the states it knows; recon's view may hold more.
    status: r.status as ComparableReceivable['status'],
    forecastNetCents: r.forecastNetCents,
    settledNetCents: r.settledNetCents,
    dueDate: r.dueDate,
  };
}

function byMatchKey(a: ComparableReceivable, b: ComparableReceivable): number {
  const ka = JSON.stringify([a.acquirer, a.merchant, a.saleDate, a.nsu, a.authorization, a.installment]);
  const kb = JSON.stringify([b.acquirer, b.merchant, b.saleDate, b.nsu, b.authorization, b.installment]);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The hmac secret the local world registers with the simulator (test-only value). */
const LOCAL_HMAC_SECRET = 'local-world-hmac-secret';

export async function startLocalWorld(options: LocalWorldOptions): Promise<LocalWorld> {
  const webhook = options.mode === 'production' && options.webhook === true;
  const [simulator, dynamo, s3] = await Promise.all([
    // Rendering variance on unless a test asks otherwise: the provider is stranger than our assumptions.
    startSimulator({ ratePerSecond: 1_000, variance: true, ...options.simulator, mode: options.mode }),
    options.dynamoProcess ? startDynamoProcess() : startLocalDynamo(),
    startLocalS3(),
  ]);
  const reconConfig = parseReconConfig(options.recon ?? {});
  const stage: StageConfigInput = {
    environment: options.mode,
    baseUrl: 'https://simulator.localhost',
    webhook: { enabled: webhook },
    ...options.stage,
  };
  // Derived from the stage as the stack derives it, so the steps run with the deployed defaults.
  const workflowConfig = parseWorkflowConfig({
    ...workflowConfigOf(parseStageConfig(stage)),
    ...options.workflow,
  });
  const taskTokens = createLocalTaskTokens();
  const published: { subject: string; message: string }[] = [];
  const now = options.now ?? (() => new Date());
  const deps = buildWorkflowDeps({
    ddb: dynamo.documentClient,
    tableName: dynamo.tableName,
    s3: s3.client,
    bucket: s3.bucket,
    baseUrl: simulator.url,
    credentials: simulator.credentials,
    limiter:
      options.limiter?.(dynamo) ?? buildInProcessLimiter({ ratePerSecond: options.ratePerSecond ?? 1_000 }),
    reconConfig,
    workflowConfig,
    sendTaskSuccess: taskTokens.sendTaskSuccess,
    publish: async (subject, message) => {
      published.push({ subject, message });
    },
    now,
    provider: { baseDelayMs: 5, maxDelayMs: 50, ...options.provider },
  });
  const steps = buildWorkflowSteps(deps);
  const definition = synthesizeWorkflowDefinition(stage);

  let webhookServer: LocalWebhookServer | undefined;
  if (webhook) {
    const { documentClient: ddb, tableName } = dynamo;
    webhookServer = await startLocalWebhookServer({
      receiver: buildWebhookReceiverFrom({
        ddb,
        tableName,
        secrets: async () => ({ current: LOCAL_HMAC_SECRET }),
        sendTaskSuccess: taskTokens.sendTaskSuccess,
        now,
      }),
    });
    await deps.provider.createWebhook({
      idTipoEvento: 1,
      endpoint: webhookServer.url,
      hmac: LOCAL_HMAC_SECRET,
      headersExtra: {},
      flagAtivo: 1,
    });
  }

  return {
    simulator,
    dynamo,
    s3,
    webhookServer,
    taskTokens,
    steps,
    published,
    run: (input, runOptions = {}) =>
      runWorkflowLocally({ definition, steps, taskTokens, input, ...runOptions }),
    async receivables(asOf) {
      const all = await collect(scanPages({ ddb: dynamo.documentClient, tableName: dynamo.tableName }));
      return all.map((r) => comparable(toReceivableView(r, asOf, reconConfig))).sort(byMatchKey);
    },
    expected({ from, to, asOf }) {
      const { graceDays, tolerance } = reconConfig;
      return simulator.groundTruth({ from, to, asOf, graceDays, tolerance }).map(comparable).sort(byMatchKey);
    },
    async close() {
      await webhookServer?.close();
      await Promise.all([simulator.close(), dynamo.close(), s3.close()]);
    },
  };
}
