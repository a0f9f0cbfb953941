import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { delivery, NOW, SECRET } from './support';

/**
 * Runs the real Lambda handler module against dynalite and a tiny HTTP stand-in that speaks the
 * Secrets Manager and Step Functions JSON protocols, reached through the SDK's standard
 * `AWS_ENDPOINT_URL_<SERVICE>` variables. Proves the wiring: env names, secret parsing, the
 * SendTaskSuccess call, the API Gateway v2 mapping, metrics and logs.
 */

const REPORT = '9007199254740993';
const SECRET_ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-abc';

interface AwsCall {
  readonly target: string;
  readonly body: Record<string, unknown>;
}

function startFakeAws(calls: AwsCall[]): Promise<Server> {
  const answer = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const target = String(req.headers['x-amz-target']);
    const body = JSON.parse(text) as Record<string, unknown>;
    calls.push({ target, body });
    res.setHeader('content-type', 'application/x-amz-json-1.1');
    if (target === 'secretsmanager.GetSecretValue') {
      const secret = { email: 'ops@example.com', apiToken: 'api-token', hmacSecret: SECRET };
      res.end(JSON.stringify({ ARN: SECRET_ARN, Name: 'recon', SecretString: JSON.stringify(secret) }));
    } else if (body.taskToken === 'timed-out-token') {
      res.statusCode = 400;
      res.end(JSON.stringify({ __type: 'TaskTimedOut', message: 'Task Timed Out' }));
    } else {
      res.end('{}');
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const context = {
  functionName: 'recon-webhook',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:sa-east-1:123456789012:function:recon-webhook',
  memoryLimitInMB: '256',
  awsRequestId: 'aws-request-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

function apiEvent(request: ReturnType<typeof delivery>) {
  return {
    version: '2.0',
    routeKey: 'POST /webhook',
    rawPath: '/webhook',
    rawQueryString: '',
    headers: request.headers,
    body: request.body,
    isBase64Encoded: request.isBase64Encoded,
    requestContext: { http: { method: 'POST', path: '/webhook' } },
  };
}

describe('webhook Lambda handler', () => {
  let dynamo: LocalDynamo;
  let fakeAws: Server;
  const calls: AwsCall[] = [];
  const output: string[] = [];
  let handler: (event: unknown, context: Context) => Promise<{ statusCode: number; body: string }>;
  let registerWait: (reportId: string, token: string) => Promise<string>;

  beforeAll(async () => {
    [dynamo, fakeAws] = await Promise.all([startLocalDynamo(), startFakeAws(calls)]);
    const fakeUrl = `http://127.0.0.1:${(fakeAws.address() as AddressInfo).port}`;
    vi.stubEnv('AWS_REGION', 'sa-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', dynamo.endpoint);
    vi.stubEnv('AWS_ENDPOINT_URL_SFN', fakeUrl);
    vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', fakeUrl);
    vi.stubEnv('RECON_TABLE_NAME', dynamo.tableName);
    vi.stubEnv('RECON_SECRET_ARN', SECRET_ARN);
    vi.stubEnv('RECON_WEBHOOK_CONFIG', '{"maxBodyBytes":4096}');
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'Recon');
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk) => {
        output.push(String(chunk));
        return true;
      });
    }
    handler = (await import('../../../lambdas/webhook/handler')).handler as unknown as typeof handler;
    const { buildReportWaits } = await import('../../../lambdas/core/webhook/report-waits');
    const waits = buildReportWaits({
      ddb: dynamo.documentClient,
      tableName: dynamo.tableName,
      now: () => NOW,
      sendTaskSuccess: async () => {},
    });
    registerWait = (reportId, token) => waits.registerWait(reportId, token);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    await dynamo.close();
    await new Promise((resolve) => fakeAws.close(resolve));
  });

  it('resumes the waiting task through SendTaskSuccess and answers 200', async () => {
    await registerWait(REPORT, 'task-token-1');
    const response = await handler(
      apiEvent(delivery({ reportId: REPORT, timestamp: String(Date.now()) })),
      context,
    );
    expect(response).toMatchObject({ statusCode: 200, body: '{"status":"accepted"}' });
    const sfnCalls = calls.filter((c) => c.target === 'AWSStepFunctions.SendTaskSuccess');
    expect(sfnCalls.map((c) => c.body)).toEqual([
      { taskToken: 'task-token-1', output: JSON.stringify({ reportId: REPORT, via: 'webhook' }) },
    ]);
  });

  it('answers 200 when Step Functions says the task already timed out', async () => {
    await registerWait('42', 'timed-out-token');
    const response = await handler(
      apiEvent(delivery({ reportId: '42', timestamp: String(Date.now()) })),
      context,
    );
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 to a forged delivery, reads the secret once (cached), and logs no secret', async () => {
    const forged = delivery({ reportId: REPORT, secret: 'guess', timestamp: String(Date.now()) });
    const response = await handler(apiEvent(forged), context);
    expect(response.statusCode).toBe(401);
    expect(calls.filter((c) => c.target === 'secretsmanager.GetSecretValue')).toHaveLength(1);
    const logs = output.join('');
    expect(logs).toContain('"reason":"signature mismatch"');
    expect(logs).toContain('"WebhookRejected"');
    expect(logs).toContain('"WebhookAccepted"');
    expect(logs).toContain('"Namespace":"Recon"');
    expect(logs).not.toContain(SECRET);
    expect(logs).not.toContain(String(forged.headers['x-signature']));
  });
});
