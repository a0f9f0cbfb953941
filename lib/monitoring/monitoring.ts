import { Duration, Stack } from 'aws-cdk-lib';
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
import { alarmDescription, FIXED_ALARMS, type FixedAlarm } from './runbook';

export interface MonitoringProps {
  /** Subscribed by e-mail to the finance topic: the morning message. */
  readonly financeEmails: readonly string[];
  /** Subscribed by e-mail to the operations topic: the alarms. */
  readonly operationsEmails: readonly string[];
}

const PERIOD = Duration.minutes(5);
/** A step's error rate that is news: retried errors are normal, a steady share of them is not. */
const ERROR_RATE_PERCENT = 10;
const RATE_PERIODS = 3;
const RATE_BREACHING_PERIODS = 2;

/**
 * Two audiences, two SNS topics: the finance topic carries the morning message, the operations
 * topic the alarms, so finance never receives a raw CloudWatch alarm. Both are KMS-encrypted with
 * one customer key (CloudWatch alarms cannot publish to a topic under the AWS-managed SNS key) and
 * TLS-only. Each alarm is named `<stack>-<id>` and describes what happened, what to do first and
 * its runbook section (./runbook.ts).
 */
export class Monitoring extends Construct {
  public readonly financeTopic: sns.Topic;
  public readonly operationsTopic: sns.Topic;
  public readonly key: kms.Key;
  public readonly alarms: cloudwatch.Alarm[] = [];
  private readonly action: actions.SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.key = new kms.Key(this, 'TopicKey', {
      enableKeyRotation: true,
      description: 'recon: encrypts the finance (morning message) and operations (alarms) topics',
    });
    this.key.grant(
      new iam.ServicePrincipal('cloudwatch.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    this.financeTopic = this.topic('FinanceTopic', 'recon', props.financeEmails);
    this.operationsTopic = this.topic('OperationsTopic', 'recon alarms', props.operationsEmails);
    this.action = new actions.SnsAction(this.operationsTopic);
  }

  /** Alarms when an execution fails (including "reports not completed") or times out: each one is news. */
  watchStateMachine(stateMachine: sfn.StateMachine): void {
    this.firstOccurrence('ExecutionsFailed', stateMachine.metricFailed({ period: PERIOD }));
    this.firstOccurrence('ExecutionsTimedOut', stateMachine.metricTimedOut({ period: PERIOD }));
  }

  /** Alarms when the schedule's dead-letter queue holds anything: a nightly start was given up. */
  watchScheduleDeadLetters(queue: sqs.IQueue): void {
    this.firstOccurrence(
      'ScheduleDeadLetters',
      queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD }),
    );
  }

  /**
   * Alarms when at least {@link ERROR_RATE_PERCENT}% of a function's invocations fail in 2 of 3
   * five-minute periods. One error is not news: Step Functions retries a step (an execution that runs
   * out of retries raises ExecutionsFailed) and a refused webhook only delays its run (it polls).
   */
  watchFunction(alarmId: string, fn: lambda.IFunction, purpose: string): void {
    const errorRate = new cloudwatch.MathExpression({
      expression: '100 * errors / invocations',
      usingMetrics: {
        errors: fn.metricErrors({ period: PERIOD }),
        invocations: fn.metricInvocations({ period: PERIOD }),
      },
      label: 'error rate (%)',
      period: PERIOD,
    });
    const happened =
      `The Lambda that does "${purpose}" failed on ${ERROR_RATE_PERCENT}% or more of its invocations in ` +
      `${RATE_BREACHING_PERIODS} of the last ${RATE_PERIODS} five-minute periods.`;
    this.alarm(alarmId, {
      metric: errorRate,
      threshold: ERROR_RATE_PERCENT,
      evaluationPeriods: RATE_PERIODS,
      datapointsToAlarm: RATE_BREACHING_PERIODS,
      alarmDescription: alarmDescription(
        alarmId,
        happened,
        "read the newest ERROR lines of the function's log group (Lambda console, Monitor, View CloudWatch logs).",
      ),
    });
  }

  /**
   * Alarms when invocations of these functions are throttled in 2 of 3 five-minute periods. A
   * throttle is no Lambda error (it never reaches the function, so no ...Errors alarm sees it) and
   * Step Functions retries it; a steady throttle means the account's concurrency is too small.
   */
  watchThrottles(alarmId: string, functions: readonly lambda.IFunction[], what: string): void {
    const usingMetrics = Object.fromEntries(
      functions.map((fn, index) => [`throttles${index}`, fn.metricThrottles({ period: PERIOD })]),
    );
    this.alarm(alarmId, {
      metric: new cloudwatch.MathExpression({
        expression: Object.keys(usingMetrics).join(' + '),
        usingMetrics,
        label: 'throttled invocations',
        period: PERIOD,
      }),
      threshold: 1,
      evaluationPeriods: RATE_PERIODS,
      datapointsToAlarm: RATE_BREACHING_PERIODS,
      alarmDescription: alarmDescription(
        alarmId,
        `Lambda throttled the ${what} in ${RATE_BREACHING_PERIODS} of the last ${RATE_PERIODS} five-minute periods: ` +
          "more of them ran at once than the account's concurrency allows, so the run slows down or fails.",
        "run 'aws lambda get-account-settings' and compare its concurrency with the downloads that run at once.",
      ),
    });
  }

  private topic(id: string, displayName: string, emails: readonly string[]): sns.Topic {
    const topic = new sns.Topic(this, id, { masterKey: this.key, enforceSSL: true, displayName });
    // CDK names each subscription after its address, so removing one leaves the others confirmed.
    for (const email of emails) topic.addSubscription(new subscriptions.EmailSubscription(email));
    return topic;
  }

  private firstOccurrence(alarmId: FixedAlarm, metric: cloudwatch.IMetric): void {
    const { happened, first } = FIXED_ALARMS[alarmId];
    this.alarm(alarmId, {
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      alarmDescription: alarmDescription(alarmId, happened, first),
    });
  }

  private alarm(
    alarmId: string,
    props: Omit<cloudwatch.AlarmProps, 'comparisonOperator' | 'treatMissingData' | 'alarmName'>,
  ): void {
    const alarm = new cloudwatch.Alarm(this, alarmId, {
      ...props,
      alarmName: `${Stack.of(this).stackName}-${alarmId}`,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
  }
}
