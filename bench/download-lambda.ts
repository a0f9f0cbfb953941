/**
 * One benchmark "Lambda" of the download step, on its own thread: its own event loop, clients and
 * limiter instance, as a Lambda container has. Sharing the benchmark's event loop, three of them
 * delayed each other's wake-ups with their page parsing, which no Lambda sees (docs/rate-limit.md).
 * `prepare` starts a fresh container (a new limiter instance, cold); `downloadPages` is one Map
 * iteration. Its steps are wired as the local world wires them (local/world.ts), on its own clients;
 * ingestion is a no-op (see download-world.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseReconConfig } from '../lambdas/core/config';
import { emptyIngestCounts } from '../lambdas/core/ingest/lake/counts';
import { buildDynamoLimiter } from '../lambdas/core/rate-limit/dynamo';
import { buildWorkflowSteps } from '../lambdas/core/workflow/build-steps';
import type { WorkflowConfig } from '../lambdas/core/workflow/config';
import { createDynamoClients } from '../local/aws/dynamodb';
import { createS3Client } from '../local/aws/s3';
import type { SimulatorCredentials } from '../local/simulator';
import { answerCalls } from '../local/worker-rpc';
import { wireStepDeps } from '../local/world';
import { countLimiterWrites, type LimiterSetting } from './download-run';

export interface LambdaOptions {
  readonly simulatorUrl: string;
  readonly credentials: SimulatorCredentials;
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  readonly s3Endpoint: string;
  readonly bucket: string;
  readonly workflowConfig: WorkflowConfig;
}

const port = parentPort;
if (!port) throw new Error('download-lambda.ts runs in a worker thread');
const options = workerData as LambdaOptions;
const dynamo = createDynamoClients(options.dynamoEndpoint);
const limiterWrites = countLimiterWrites(dynamo.client);
const s3 = createS3Client(options.s3Endpoint);

function stepsFor(account: string, setting: LimiterSetting) {
  const deps = wireStepDeps({
    dynamo: { documentClient: dynamo.documentClient, tableName: options.tableName },
    s3: { client: s3, bucket: options.bucket },
    provider: { url: options.simulatorUrl, credentials: options.credentials },
    limiter: buildDynamoLimiter({
      ddb: dynamo.documentClient,
      tableName: options.tableName,
      account,
      ...setting,
    }),
    reconConfig: parseReconConfig({}),
    workflowConfig: options.workflowConfig,
  });
  return buildWorkflowSteps({
    ...deps,
    ingestPages: async (_pages, apply) => ({
      records: [],
      counts: emptyIngestCounts(),
      applied: await apply([]),
    }),
    receivables: () => ({
      applyRecords: async () => ({ changed: 0, unchanged: 0, conflicts: 0, refused: [] }),
    }),
  });
}

let steps: ReturnType<typeof stepsFor> | undefined;
answerCalls(port, {
  prepare(account: string, setting: LimiterSetting) {
    steps = stepsFor(account, setting);
    limiterWrites.take();
  },
  downloadPages(input: unknown) {
    if (!steps) throw new Error('prepare first');
    return steps.downloadPages(input);
  },
  takeWrites: () => limiterWrites.take(),
  close() {
    dynamo.client.destroy();
    s3.destroy();
  },
});
port.postMessage('ready');
