/**
 * Cold-start wiring of a workflow Lambda: settings from the environment (names shared with the
 * stack), provider credentials from Secrets Manager (cached by Powertools, never logged) only for the
 * steps that call the provider (the others' roles cannot read the secret), traced AWS clients created
 * once per container.
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { PublishCommand } from '@aws-sdk/client-sns';
import { parseReconConfig } from '../core/config';
import { ENV } from '../core/env';
import type { ProviderCredentials } from '../core/provider/http';
import { buildDynamoLimiter } from '../core/rate-limit/dynamo';
import type { RateLimiter } from '../core/rate-limit/port';
import { providerCredentialsOf } from '../core/secret';
import { parseWorkflowConfig, WORKFLOW_ENV } from '../core/workflow/config';
import type { StepName } from '../core/workflow/step-catalog';
import { PROVIDER_STEPS } from '../core/workflow/step-catalog';
import { awsClients } from './aws-clients';
import { requiredEnv } from './env';
import { buildWorkflowStepsFrom, type WorkflowWiring } from './workflow-wiring';

async function providerCredentials(): Promise<ProviderCredentials> {
  const secretArn = requiredEnv(ENV.secretArn);
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
  observers: Pick<WorkflowWiring, 'onPageIngested' | 'warn'> = {},
) {
  const { ddb, s3, sfn, sns } = awsClients();
  const tableName = requiredEnv(ENV.tableName);
  const access = PROVIDER_STEPS.has(step)
    ? await providerCredentials().then((credentials) => ({
        credentials,
        limiter: buildDynamoLimiter({
          ddb,
          tableName,
          account: credentials.email,
          ratePerSecond: Number(requiredEnv(ENV.providerRatePerSecond)),
          marginRatio: Number(requiredEnv(ENV.providerRateMargin)),
          spacingMs: Number(requiredEnv(ENV.providerRateSpacing)),
        }),
      }))
    : noProviderAccess(step);
  const topicArn = requiredEnv(ENV.topicArn);
  return buildWorkflowStepsFrom({
    ...observers,
    ddb,
    tableName,
    s3,
    bucket: requiredEnv(ENV.bucketName),
    baseUrl: requiredEnv(ENV.providerBaseUrl),
    ...access,
    reconConfig: parseReconConfig(JSON.parse(process.env[ENV.reconConfig] ?? '{}')),
    workflowConfig: parseWorkflowConfig(JSON.parse(requiredEnv(WORKFLOW_ENV.workflowConfig))),
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
