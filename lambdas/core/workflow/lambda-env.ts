/**
 * Cold-start wiring of a workflow Lambda: settings from the environment (names shared with the
 * stack), provider credentials from Secrets Manager (cached by Powertools, never logged) only for the
 * steps that call the provider (the others' roles cannot read the secret), AWS clients created once
 * per container.
 */

import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SendTaskSuccessCommand, SFNClient } from '@aws-sdk/client-sfn';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { parseReconConfig } from '../config';
import { ENV } from '../env';
import type { ProviderCredentials } from '../provider/http';
import { buildDynamoLimiter } from '../rate-limit/dynamo';
import type { RateLimiter } from '../rate-limit/port';
import { providerCredentialsOf } from '../secret';
import { PROVIDER_STEPS, parseWorkflowConfig, WORKFLOW_ENV } from './config';
import type { StepName } from './steps';
import { buildWorkflowStepsFrom, type WorkflowWiring } from './wiring';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

async function providerCredentials(): Promise<ProviderCredentials> {
  const secretArn = required(ENV.secretArn);
  // Raw value, parsed by recon: a JSON transform's error would quote the secret's first characters.
  return providerCredentialsOf(secretArn, await getSecret(secretArn, { maxAge: 300 }));
}

/** For steps that never call the provider: their role cannot read the secret, and nothing is sent. */
function noProviderAccess(step: StepName): { credentials: ProviderCredentials; limiter: RateLimiter } {
  const refuse = async () => {
    throw new Error(`step ${step} has no access to the provider`);
  };
  return { credentials: { email: 'none', apiToken: 'none' }, limiter: { acquire: refuse, backOff: refuse } };
}

export async function buildStepsFromEnvironment(
  step: StepName,
  observers: Pick<WorkflowWiring, 'onPageIngested'> = {},
) {
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const tableName = required(ENV.tableName);
  const access = PROVIDER_STEPS.has(step)
    ? await providerCredentials().then((credentials) => ({
        credentials,
        limiter: buildDynamoLimiter({
          ddb,
          tableName,
          account: credentials.email,
          ratePerSecond: Number(required(ENV.providerRatePerSecond)),
          marginRatio: Number(required(ENV.providerRateMargin)),
        }),
      }))
    : noProviderAccess(step);
  const sfn = new SFNClient({});
  const sns = new SNSClient({});
  const topicArn = required(ENV.topicArn);
  return buildWorkflowStepsFrom({
    ...observers,
    ddb,
    tableName,
    s3: new S3Client({}),
    bucket: required(ENV.bucketName),
    baseUrl: required(ENV.providerBaseUrl),
    ...access,
    reconConfig: parseReconConfig(JSON.parse(process.env[ENV.reconConfig] ?? '{}')),
    workflowConfig: parseWorkflowConfig(JSON.parse(required(WORKFLOW_ENV.workflowConfig))),
    sendTaskSuccess: async (taskToken, output) => {
      await sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    },
    publish: async (subject, message) => {
      await sns.send(
        new PublishCommand({ TopicArn: topicArn, Subject: subject.slice(0, 100), Message: message }),
      );
    },
  });
}
