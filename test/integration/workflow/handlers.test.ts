/**
 * The Lambda handlers as deployed: the environment comes from the synthesized template (only the
 * resource references are pointed at local stand-ins), credentials from a Secrets Manager stand-in,
 * DynamoDB from dynalite, the provider from the simulator. Catches drift between what the stack sets
 * and what the handlers read (names, JSON shapes), which no unit test of either side can see.
 */
import { createServer, type Server } from 'node:http';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../../lambdas/core/env';
import { buildReconApp } from '../../../lib/app';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import { closeServer, listenOnLoopback } from '../../../local/aws/endpoint';
import { type Simulator, startSimulator } from '../../../local/simulator';

const SECRET_ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-provider-AbCdEf';

/** GetSecretValue only, for the one secret; anything else is a 400 like the service's. */
function secretsManagerStandIn(secret: string, reads: { count: number }): Server {
  return createServer((request, response) => {
    reads.count += 1;
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const known =
        request.headers['x-amz-target'] === 'secretsmanager.GetSecretValue' && body.includes(SECRET_ARN);
      response.writeHead(known ? 200 : 400, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(
        known
          ? JSON.stringify({ ARN: SECRET_ARN, Name: 'recon-provider', SecretString: secret, VersionId: 'v1' })
          : JSON.stringify({ __type: 'ResourceNotFoundException', message: 'not found' }),
      );
    });
  });
}

/** The environment the stack gives the function described as `text`, with references made local. */
function deployedEnvironment(text: string, local: Record<string, string>): Record<string, string> {
  const { app, stack } = buildReconApp({
    stage: { environment: 'sandbox', baseUrl: 'https://sandbox.example/api', secretArn: SECRET_ARN },
    skipBundling: true,
    nag: false,
  });
  const resources = app.synth().getStackByName(stack.stackName).template.Resources as Record<
    string,
    {
      Type: string;
      Properties: { Description?: string; Environment?: { Variables: Record<string, unknown> } };
    }
  >;
  const fn = Object.values(resources).find(
    (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Description).includes(text),
  );
  const variables = fn?.Properties.Environment?.Variables ?? {};
  const literal = Object.entries(variables).filter(([, value]) => typeof value === 'string');
  return { ...Object.fromEntries(literal), ...local } as Record<string, string>;
}

const context = { awsRequestId: 'req-1', functionName: 'recon-plan', getRemainingTimeInMillis: () => 30_000 };

describe('workflow Lambda handlers with the deployed environment', () => {
  let dynamo: LocalDynamo;
  let simulator: Simulator;
  let secrets: Server;
  const saved = { ...process.env };
  const secretReads = { count: 0 };
  beforeAll(async () => {
    [dynamo, simulator] = await Promise.all([
      startLocalDynamo(),
      startSimulator({ mode: 'sandbox', ratePerSecond: 1_000, dataset: { sales: 20 } }),
    ]);
    secrets = secretsManagerStandIn(
      JSON.stringify({ ...simulator.credentials, hmacSecret: 'h' }),
      secretReads,
    );
    const secretsEndpoint = await listenOnLoopback(secrets);
    const environment = deployedEnvironment('claim the run marker', {
      [ENV.tableName]: dynamo.tableName,
      [ENV.bucketName]: 'unused-by-these-steps',
      [ENV.topicArn]: 'arn:aws:sns:sa-east-1:123456789012:unused',
      [ENV.providerBaseUrl]: simulator.url,
      AWS_REGION: 'sa-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsEndpoint,
    });
    expect(environment[ENV.secretArn]).toBe(SECRET_ARN);
    Object.assign(process.env, environment);
  });
  afterAll(async () => {
    process.env = saved;
    await Promise.all([dynamo?.close(), simulator?.close(), secrets && closeServer(secrets)]);
  });

  it('does not read the secret in a step that never calls the provider (its role may not)', async () => {
    // First in this file: Powertools caches a secret once read, which would hide a read here.
    const { handler: finish } = await import('../../../lambdas/finish-job/handler');
    const before = secretReads.count;

    const result = await finish(
      {
        job: { kind: 'sales', configurationId: 35176, from: '2025-01-01', to: '2025-01-10' },
        executionId: 'arn:aws:states:sa-east-1:1:execution:m:e0',
      },
      context as unknown as Context,
    );

    expect(result).toMatchObject({ outcome: 'COMPLETED', reportId: null, pages: 0 });
    expect(secretReads.count).toBe(before);
  });

  it('plans the run and generates a report through the real provider client', async () => {
    const { handler: plan } = await import('../../../lambdas/plan/handler');
    const { handler: generate } = await import('../../../lambdas/generate-report/handler');

    const planned = await plan(
      {
        input: { from: '2025-01-01', to: '2025-01-10' },
        executionId: 'arn:aws:states:sa-east-1:1:execution:m:e1',
      },
      context as unknown as Context,
    );
    expect(planned).toMatchObject({ skip: false, run: { environment: 'sandbox', waitMode: 'none' } });
    const [job] = (planned as { jobs: unknown[] }).jobs;

    const report = await generate({ job, executionId: 'e1' }, context as unknown as Context);
    expect(report).toMatchObject({ reportId: expect.stringMatching(/^\d+$/) });
    expect((report as { providerRequests: number }).providerRequests).toBe(simulator.stats().requests);
    expect(simulator.stats().reportsGenerated).toBe(1);
  });
});
