/**
 * Cold-start settings of a workflow Lambda, one reader per need: a handler calls only those its
 * step uses, so it requires only its own environment variables (the step's record in
 * core/workflow/step-catalog.ts lists them). Names are shared with the stack (core/env.ts); AWS
 * clients are traced and each created at its first use (aws-clients.ts). The provider's credentials
 * are read in provider-env.ts, imported only by the steps that call the provider.
 */
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { PublishCommand } from '@aws-sdk/client-sns';
import { parseReconConfig, type ReconConfig } from '../core/config';
import { ENV } from '../core/env';
import { eventBusSink } from '../core/events/eventbridge';
import { isReportLanguage, REPORT_LANGUAGES, type ReportLanguage } from '../core/report-language';
import { parseWorkflowConfig, WORKFLOW_ENV, type WorkflowConfig } from '../core/workflow/config';
import { ddbClient, eventBridgeClient, s3Client, sfnClient, snsClient } from './aws-clients';
import { requiredEnv } from './env';

export function tableFromEnv() {
  return { ddb: ddbClient(), tableName: requiredEnv(ENV.tableName) };
}

export function bucketFromEnv() {
  return { s3: s3Client(), bucket: requiredEnv(ENV.bucketName) };
}

export function workflowConfigFromEnv(): WorkflowConfig {
  return parseWorkflowConfig(JSON.parse(requiredEnv(WORKFLOW_ENV.workflowConfig)));
}

export function reconConfigFromEnv(): ReconConfig {
  return parseReconConfig(JSON.parse(process.env[ENV.reconConfig] ?? '{}'));
}

/** The stage's `reportLanguage` (the inbox's pages); a value the stack would not set is refused by name. */
export function reportLanguageFromEnv(): ReportLanguage {
  const value = requiredEnv(ENV.reportLanguage);
  if (isReportLanguage(value)) return value;
  throw new Error(
    `environment variable ${ENV.reportLanguage} (the stage's reportLanguage) must be one of ${REPORT_LANGUAGES.join(', ')}, got '${value}'`,
  );
}

/** Step Functions SendTaskSuccess, for the step that parks a task token. */
export function sendTaskSuccessFromEnv() {
  const sfn = sfnClient();
  return async (taskToken: string, output: unknown) => {
    await sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
  };
}

/** SNS publish to the stage's topic, for the step that sends the morning message. */
export function publishFromEnv() {
  const sns = snsClient();
  const topicArn = requiredEnv(ENV.topicArn);
  return async (subject: string, message: string) => {
    await sns.send(
      new PublishCommand({ TopicArn: topicArn, Subject: subject.slice(0, 100), Message: message }),
    );
  };
}

/** The night's events put on the stage's bus, for the step that summarizes the night. */
export function eventsFromEnv() {
  const client = eventBridgeClient();
  return eventBusSink({
    busName: requiredEnv(ENV.eventBusName),
    putEvents: (entries) => client.send(new PutEventsCommand({ Entries: [...entries] })),
  });
}
