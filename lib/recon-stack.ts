import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ENV } from '../lambdas/core/env';
import { WORKFLOW_ENV } from '../lambdas/core/workflow/config';
import { type StageConfig, workflowConfigOf } from './config';
import { Monitoring } from './monitoring/monitoring';
import { NightlySchedule } from './schedule/schedule';
import { ProviderSecret } from './secrets/provider-secret';
import { Storage } from './storage/storage';
import { Workflow } from './workflow/workflow';

export interface ReconStackProps extends StackProps {
  readonly stage: StageConfig;
  /** @default RETAIN */
  readonly removalPolicy?: RemovalPolicy;
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
    });
    this.monitoring = new Monitoring(this, 'Monitoring', { alarmEmail: stage.alarmEmail });
    const { secret } = new ProviderSecret(this, 'ProviderSecret', { secretArn: stage.secretArn });

    const environment: Record<string, string> = {
      [ENV.tableName]: this.storage.table.tableName,
      [ENV.bucketName]: this.storage.bucket.bucketName,
      [ENV.secretArn]: secret.secretArn,
      [ENV.providerEnvironment]: stage.environment,
      [ENV.providerBaseUrl]: stage.baseUrl,
      [ENV.providerRatePerSecond]: String(stage.ratePerSecond),
      [ENV.reconConfig]: JSON.stringify(stage.recon),
      [ENV.topicArn]: this.monitoring.topic.topicArn,
      [WORKFLOW_ENV.workflowConfig]: JSON.stringify(workflowConfigOf(stage)),
      POWERTOOLS_METRICS_NAMESPACE: 'Recon',
    };

    this.workflow = new Workflow(this, 'Workflow', {
      stage,
      table: this.storage.table,
      bucket: this.storage.bucket,
      secret,
      topic: this.monitoring.topic,
      environment,
    });
    this.monitoring.watchStateMachine(this.workflow.stateMachine);
    for (const [step, fn] of Object.entries(this.workflow.functions))
      this.monitoring.watchFunction(step, fn.function);

    new NightlySchedule(this, 'Schedule', {
      stateMachine: this.workflow.stateMachine,
      cron: stage.schedule.cron,
      timeZone: stage.schedule.timeZone,
      enabled: stage.schedule.enabled,
    });

    new CfnOutput(this, 'StateMachineArn', { value: this.workflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'LakeBucket', { value: this.storage.bucket.bucketName });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
  }
}
