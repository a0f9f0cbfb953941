/**
 * Webhook Lambda behind the HTTP API (`POST /webhook`): adapts the API Gateway v2 event to the
 * receiver core and back. Clients, config and the cached secret reader are built once per cold start.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ENV } from '../core/env';
import { webhookSecretOf } from '../core/secret';
import { parseWebhookConfig } from '../core/webhook/config';
import { ddbClient, sfnClient, tracer } from '../runtime/aws-clients';
import { requiredEnv } from '../runtime/env';
import { buildWebhookReceiverFrom } from '../runtime/webhook-wiring';

/** Secret values are re-read at most this often, so a rotation reaches warm functions quickly. */
const SECRET_MAX_AGE_SECONDS = 300;

const logger = new Logger({ serviceName: 'recon-webhook' });
// Namespace and service come from POWERTOOLS_METRICS_NAMESPACE / POWERTOOLS_SERVICE_NAME, set by the stack.
const metrics = new Metrics();
const config = parseWebhookConfig(process.env[ENV.webhookConfig]);
const tableName = requiredEnv(ENV.tableName);
const secretArn = requiredEnv(ENV.secretArn);
const ddb = ddbClient();
const sfn = sfnClient();

/** Raw value, parsed by recon: a JSON transform's error would quote the secret's first characters. */
async function readSecret() {
  return webhookSecretOf(secretArn, await getSecret(secretArn, { maxAge: SECRET_MAX_AGE_SECONDS }));
}

async function secondFactorValue(): Promise<string> {
  const { webhookHeaderValue } = await readSecret();
  if (!webhookHeaderValue)
    throw new Error('secondFactorHeader is configured but the secret has no webhookHeaderValue');
  return webhookHeaderValue;
}

const receiver = buildWebhookReceiverFrom({
  ddb,
  tableName,
  secrets: async () => {
    const secret = await readSecret();
    return { current: secret.hmacSecret, previous: secret.previousHmacSecret };
  },
  sendTaskSuccess: async (taskToken, output) => {
    await sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
  },
  config: {
    timestampToleranceMs: config.timestampToleranceMs,
    maxBodyBytes: config.maxBodyBytes,
    secondFactor: config.secondFactorHeader
      ? { header: config.secondFactorHeader, value: secondFactorValue }
      : undefined,
  },
  now: () => new Date(),
  logger,
});

/** One count per answer class, so alarms can watch forged (4xx) and failed (5xx) deliveries. */
function metricName(statusCode: number): string {
  if (statusCode < 300) return 'WebhookAccepted';
  return statusCode < 500 ? 'WebhookRejected' : 'WebhookFailed';
}

export const handler = middy(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const response = await receiver.receive({
      headers: event.headers ?? {},
      body: event.body ?? '',
      isBase64Encoded: event.isBase64Encoded,
    });
    metrics.addMetric(metricName(response.statusCode), MetricUnit.Count, 1);
    return {
      statusCode: response.statusCode,
      headers: { 'content-type': 'application/json' },
      body: response.body,
    };
  },
)
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .use(injectLambdaContext(logger))
  .use(logMetrics(metrics));
