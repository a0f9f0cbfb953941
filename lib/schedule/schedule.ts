import { Duration, TimeZone, Validations } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

export interface NightlyScheduleProps {
  readonly stateMachine: sfn.IStateMachine;
  /** EventBridge Scheduler cron fields (6), evaluated in `timeZone`. */
  readonly cron: string;
  readonly timeZone: string;
  readonly enabled: boolean;
}

/**
 * EventBridge Scheduler starts the nightly execution with input `{}` (the workflow defaults to
 * yesterday in America/Sao_Paulo). Scheduler invokes its target asynchronously, so failed starts
 * (after 3 retries within an hour) land in a dead-letter queue instead of vanishing. Backfills start
 * executions by hand with `{from, to}`.
 */
export class NightlySchedule extends Construct {
  public readonly schedule: scheduler.Schedule;
  public readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: NightlyScheduleProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue IS the dead-letter queue of the schedule target; a DLQ of a DLQ adds nothing.',
    });
    this.schedule = new scheduler.Schedule(this, 'Nightly', {
      description: 'recon: nightly reconciliation run',
      schedule: scheduler.ScheduleExpression.expression(`cron(${props.cron})`, TimeZone.of(props.timeZone)),
      enabled: props.enabled,
      target: new targets.StepFunctionsStartExecution(props.stateMachine, {
        input: scheduler.ScheduleTargetInput.fromObject({}),
        deadLetterQueue: this.deadLetterQueue,
        retryAttempts: 3,
        maxEventAge: Duration.hours(1),
      }),
    });
  }
}
