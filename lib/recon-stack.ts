import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ENV } from '../lambdas/core/env';
import { WORKFLOW_ENV } from '../lambdas/core/workflow/config';
import { STEP_CATALOG, type StepName } from '../lambdas/core/workflow/step-catalog';
import { AnalyticsCatalog } from './analytics/analytics';
import { deployedWorkflowConfigOf, type StageConfig } from './config';
import { ReconFunction } from './constructs/recon-function';
import { ReconEvents } from './events/event-bus';
import { INBOX_PURPOSE, Inbox } from './inbox/inbox';
import { Monitoring } from './monitoring/monitoring';
import { NightlySchedule } from './schedule/schedule';
import { ProviderSecret } from './secrets/provider-secret';
import { Storage } from './storage/storage';
import { WebhookApi, webhookEnvironment } from './webhook/webhook-api';
import { DOWNLOAD_STEPS, Workflow } from './workflow/workflow';

export interface ReconStackProps extends StackProps {
  readonly stage: StageConfig;
  /** @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
}

/** What the webhook receiver does: its description, and what its alarm says failed. */
const WEBHOOK_PURPOSE = 'verify, dedupe and acknowledge provider webhooks; resume the waiting workflow';

/** `PlanErrors` for the step `plan`: the alarm's id, name suffix and runbook heading. */
function errorsAlarmId(name: string): string {
  return `${name[0]?.toUpperCase()}${name.slice(1)}Errors`;
}

/** Composes one construct per capability; every setting comes from the validated stage config. */
export class ReconStack extends Stack {
  public readonly storage: Storage;
  public readonly workflow: Workflow;
  public readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: ReconStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.storage = new Storage(this, 'Storage', {
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      pointInTimeRecovery: stage.cost.pointInTimeRecovery,
      athenaResultsDays: stage.lifecycle.athenaResultsDays,
      summariesDays: stage.lifecycle.summariesDays,
    });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      financeEmails: stage.financeEmails,
      operationsEmails: stage.operationsEmails,
    });
    const providerSecret = new ProviderSecret(this, 'ProviderSecret', {
      secretArn: stage.secretArn,
      secretKmsKeyArn: stage.secretKmsKeyArn,
    });
    const { secret } = providerSecret;
    const nightEvents = new ReconEvents(this, 'Events');

    // What the steps may read; each step's Lambda gets only what its record lists.
    const settings = {
      [ENV.tableName]: this.storage.table.tableName,
      [ENV.bucketName]: this.storage.bucket.bucketName,
      [ENV.secretArn]: secret.secretArn,
      [ENV.providerBaseUrl]: stage.baseUrl,
      [ENV.providerRatePerSecond]: String(stage.ratePerSecond),
      [ENV.providerRateMargin]: String(stage.rateMarginRatio),
      [ENV.providerRateSpacing]: String(stage.rateSpacingMs),
      [ENV.reconConfig]: JSON.stringify(stage.recon),
      [ENV.topicArn]: this.monitoring.financeTopic.topicArn,
      [ENV.eventBusName]: nightEvents.bus.eventBusName,
      [WORKFLOW_ENV.workflowConfig]: JSON.stringify(deployedWorkflowConfigOf(stage)),
    };

    this.workflow = new Workflow(this, 'Workflow', {
      stage,
      table: this.storage.table,
      bucket: this.storage.bucket,
      secret: providerSecret,
      topic: this.monitoring.financeTopic,
      eventBus: nightEvents.bus,
      settings,
    });
    this.monitoring.watchStateMachine(this.workflow.stateMachine);
    for (const [step, fn] of Object.entries(this.workflow.functions))
      this.monitoring.watchFunction(errorsAlarmId(step), fn.function, STEP_CATALOG[step as StepName].purpose);

    this.monitoring.watchThrottles(
      'DownloadThrottles',
      [...DOWNLOAD_STEPS].map((step) => this.workflow.functions[step].function),
      'download Lambdas',
    );

    if (stage.webhook.enabled) this.addWebhook(providerSecret, stage);
    if (stage.inbox.enabled) this.addInbox(stage);
    // Glue databases and Athena workgroups are account-wide names: derive them from the stack's.
    new AnalyticsCatalog(this, 'Analytics', {
      bucket: this.storage.bucket,
      databaseName: this.stackName.toLowerCase().replace(/[^a-z0-9]+/g, '_'),
    });

    const schedule = new NightlySchedule(this, 'Schedule', {
      stateMachine: this.workflow.stateMachine,
      cron: stage.schedule.cron,
      timeZone: stage.schedule.timeZone,
      enabled: stage.schedule.enabled,
    });
    this.monitoring.watchScheduleDeadLetters(schedule.deadLetterQueue);

    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'LakeBucket', { value: this.storage.bucket.bucketName });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    // Where the operator puts the provider e-mail and token after the first deploy (README step 3).
    new CfnOutput(this, 'SecretArn', { value: secret.secretArn });
  }

  /** The web inbox behind Cognito's managed login (docs/inbox.md, docs/security.md). */
  private addInbox(stage: StageConfig): void {
    const inbox = new Inbox(this, 'Inbox', {
      table: this.storage.table,
      bucket: this.storage.bucket,
      reconConfigJson: JSON.stringify(stage.recon),
      reportLanguage: stage.reportLanguage,
      loginDomainPrefix:
        stage.inbox.loginDomainPrefix ?? `recon-${stage.stageName ?? 'inbox'}-${this.account}`,
      sessionMinutes: stage.inbox.sessionMinutes,
      tracing: stage.cost.tracing,
    });
    this.monitoring.watchFunction('InboxErrors', inbox.handler.function, INBOX_PURPOSE);
    // The morning report and message link into the inbox (docs/report.md, "Links into the inbox").
    this.workflow.functions.summarize.function.addEnvironment(ENV.inboxUrl, inbox.api.url);
    new CfnOutput(this, 'InboxUrl', { value: inbox.api.url });
    new CfnOutput(this, 'InboxUserPoolId', { value: inbox.api.signIn.userPool.userPoolId });
  }

  /** The webhook receiver: an HTTP API in front of a Lambda built like every other recon function. */
  private addWebhook(providerSecret: ProviderSecret, stage: StageConfig): void {
    const { secret } = providerSecret;
    const { table } = this.storage;
    const receiver = new ReconFunction(this, 'WebhookFunction', {
      entry: 'lambdas/webhook/handler.ts',
      description: `recon: ${WEBHOOK_PURPOSE}`,
      serviceName: 'recon-webhook',
      // Verifies an HMAC and does two conditional writes: small and quick; must answer 200 at once.
      memorySize: 256,
      timeout: Duration.seconds(10),
      tracing: stage.cost.tracing,
      environment: webhookEnvironment({ table, secret }),
    });
    const api = new WebhookApi(this, 'Webhook', {
      handler: receiver.function,
      table,
      secret: providerSecret,
      stateMachine: this.workflow.stateMachine,
    });
    this.monitoring.watchFunction(errorsAlarmId('webhook'), receiver.function, WEBHOOK_PURPOSE);
    new CfnOutput(this, 'WebhookUrl', { value: api.url });
  }
}
