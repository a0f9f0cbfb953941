import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  /** Subscribed by e-mail to the topic (summaries and alarms) when given. */
  readonly alarmEmail?: string;
}

/**
 * One SNS topic for run summaries and alarms (KMS-encrypted with a customer key, because CloudWatch
 * alarms cannot publish to a topic under the AWS-managed SNS key; TLS-only policy), and the alarms:
 * executions failed or timed out, errors of any recon Lambda, and dead letters of the schedule.
 */
export class Monitoring extends Construct {
  public readonly topic: sns.Topic;
  public readonly key: kms.Key;
  public readonly alarms: cloudwatch.Alarm[] = [];
  private readonly action: actions.SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps = {}) {
    super(scope, id);
    this.key = new kms.Key(this, 'TopicKey', {
      enableKeyRotation: true,
      description: 'recon: encrypts the summary/alarm topic',
    });
    this.key.grant(
      new iam.ServicePrincipal('cloudwatch.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    this.topic = new sns.Topic(this, 'Topic', {
      masterKey: this.key,
      enforceSSL: true,
      displayName: 'recon',
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    this.action = new actions.SnsAction(this.topic);
  }

  /** Alarms when an execution fails (including "reports not completed") or times out. */
  watchStateMachine(stateMachine: sfn.StateMachine): void {
    this.alarm('ExecutionsFailed', stateMachine.metricFailed({ period: Duration.minutes(5) }));
    this.alarm('ExecutionsTimedOut', stateMachine.metricTimedOut({ period: Duration.minutes(5) }));
  }

  /** Alarms on any error of the function (a step that exhausted its retries, or the webhook). */
  watchFunction(name: string, fn: lambda.IFunction): void {
    this.alarm(`${name}Errors`, fn.metricErrors({ period: Duration.minutes(5) }));
  }

  /** Alarms when a dead-letter queue holds anything (e.g. a nightly start the scheduler gave up on). */
  watchDeadLetters(name: string, queue: sqs.IQueue): void {
    this.alarm(
      `${name}DeadLetters`,
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    );
  }

  private alarm(id: string, metric: cloudwatch.IMetric): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
  }
}
