import { ArnFormat, type CfnElement, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ACTION_LIST_PREFIX } from '../../lambdas/core/action-list/store';
import { ACCOUNT_LEDGER_PREFIX } from '../../lambdas/core/baixas/account-lines';
import { DEPOSIT_LEDGER_PREFIX } from '../../lambdas/core/baixas/deposit-ledger';
import { BAIXAS_TABLE } from '../../lambdas/core/baixas/table';
import { BREAKS_TABLE } from '../../lambdas/core/breaks/lake-tables';
import { BANK_INBOX_PREFIX, BANK_RAW_PREFIX } from '../../lambdas/core/deposits/bank/lake-file';
import { DEPOSIT_RESULTS_TABLE } from '../../lambdas/core/deposits/results-table';
import { OVERCHARGES_PREFIX } from '../../lambdas/core/fee-audit/overcharges-lake';
import { CONTRACT_RATES_KEY } from '../../lambdas/core/fee-audit/source';
import { TOUCHED_PREFIX } from '../../lambdas/core/receivable-store/touched';
import { summaryFileKey, summaryKeys } from '../../lambdas/core/report/summarizer';
import {
  PROVIDER_STEPS,
  STEP_CATALOG,
  STEP_NAMES,
  type StepAccess,
  type StepName,
  type StepSetting,
} from '../../lambdas/core/workflow/step-catalog';
import type { StageConfig } from '../config';
import { acknowledgeCostSetting, acknowledgeWildcards, nagArnOf } from '../constructs/nag';
import { ReconFunction } from '../constructs/recon-function';
import type { ProviderSecret } from '../secrets/provider-secret';
import { buildWorkflowDefinition } from './definition';

/** The Lambdas that download report pages: the ones that run many at once (`download.reservedConcurrency`). */
export const DOWNLOAD_STEPS: ReadonlySet<StepName> = new Set(['downloadUntilEmpty', 'downloadPages']);

export interface WorkflowProps {
  readonly stage: StageConfig;
  readonly table: dynamodb.ITableV2;
  readonly bucket: s3.IBucket;
  /** Read (and decrypted) by the Lambdas of the steps that call the provider, and by no other step. */
  readonly secret: ProviderSecret;
  readonly topic: sns.ITopic;
  /** The bus of the night's events: the one the step that publishes them may put on. */
  readonly eventBus: events.IEventBus;
  /**
   * The value of every setting a step may read, by its environment variable's name (lambdas/core/env.ts):
   * each Lambda gets only those its step's record lists.
   */
  readonly settings: Readonly<Record<StepSetting, string>>;
}

/** Why a step reads the ERP export's prefixes (docs/erp-export.md): the deposit match and the summary. */
const ERP_READS = "Reads the ERP export's own prefixes only (the night's lines, what was posted).";

/**
 * The nightly state machine and the Lambdas of its steps. STANDARD type (runs take minutes to hours
 * and need exactly-once task semantics), logged and traced as the stage's `cost` settings say
 * (default: every event with execution data, X-Ray tracing).
 */
export class Workflow extends Construct {
  public readonly stateMachine: sfn.StateMachine;
  public readonly functions: Readonly<Record<StepName, ReconFunction>>;
  /** Known before the state machine exists, so Lambdas can be granted on it without a cycle. */
  public readonly stateMachineArn: string;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const stateMachineName = `${stack.stackName}-nightly`;
    this.stateMachineArn = stack.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: stateMachineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });

    const functions = {} as Record<StepName, ReconFunction>;
    // Size, timeout, settings and grants from each step's record (lambdas/core/workflow/step-catalog.ts).
    for (const step of STEP_NAMES) {
      const { folder, purpose, memoryMb, timeoutSeconds, access, environment } = STEP_CATALOG[step];
      const fn = new ReconFunction(this, `${folder}-fn`, {
        entry: `lambdas/${folder}/handler.ts`,
        description: `recon: ${purpose}`,
        serviceName: `recon-${folder}`,
        memorySize: memoryMb,
        timeout: Duration.seconds(timeoutSeconds),
        tracing: props.stage.cost.tracing,
        reservedConcurrentExecutions: DOWNLOAD_STEPS.has(step)
          ? props.stage.download.reservedConcurrency
          : undefined,
        environment: Object.fromEntries(environment.map((name) => [name, props.settings[name]])),
      });
      if (PROVIDER_STEPS.has(step)) props.secret.grantRead(fn.role);
      this.grant(fn, access, props);
      functions[step] = fn;
    }
    this.functions = functions;

    const logGroup = new logs.LogGroup(this, 'StateMachineLogs', {
      logGroupName: `/aws/vendedlogs/states/${stateMachineName}`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const { cost } = props.stage;
    const lambdas = Object.fromEntries(
      Object.entries(functions).map(([step, fn]) => [step, fn.function]),
    ) as Record<StepName, ReconFunction['function']>;
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(
        buildWorkflowDefinition(this, {
          functions: lambdas,
          jobConcurrency: props.stage.jobConcurrency,
          batchConcurrency: props.stage.download.batchConcurrency,
          distributedMapThreshold: props.stage.download.distributedMapThreshold,
          distributedMapConcurrency: props.stage.download.distributedMapConcurrency,
          pollInterval: Duration.seconds(props.stage.polling.intervalSeconds),
          webhookTimeout: Duration.minutes(props.stage.webhook.timeoutMinutes),
        }),
      ),
      timeout: Duration.hours(12),
      tracingEnabled: cost.tracing,
      logs: {
        destination: logGroup,
        level: sfn.LogLevel[cost.stateMachineLogLevel],
        includeExecutionData: cost.stateMachineLogExecutionData,
      },
    });
    if (cost.stateMachineLogLevel !== 'ALL')
      acknowledgeCostSetting(this.stateMachine, 'AwsSolutions-SF1', 'cost.stateMachineLogLevel');
    if (!cost.tracing) acknowledgeCostSetting(this.stateMachine, 'AwsSolutions-SF2', 'cost.tracing');
    acknowledgeWildcards(
      this.stateMachine,
      Object.values(functions).map((fn) => `Resource::${nagArnOf(fn.function)}:*`),
      'CDK grants lambda:InvokeFunction on "<function>:*" (any version/alias of our own step functions).',
    );
    acknowledgeWildcards(
      this.stateMachine,
      ['Resource::*'],
      'X-Ray tracing and CloudWatch Logs vended-log delivery actions only accept Resource "*".',
    );
    // cdk-nag prints pseudo parameters as <AWS::Region>, concrete env values as themselves.
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const machineId = stack.getLogicalId(this.stateMachine.node.defaultChild as CfnElement);
    const executions = `arn:<AWS::Partition>:states:${region}:${account}:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machineId}"}]}]}`;
    acknowledgeWildcards(
      this.stateMachine,
      [`Resource::${executions}:*`, `Resource::${executions}/*:*`],
      'The Distributed Map starts, describes and stops child executions of THIS state machine only.',
    );
  }

  private grantPrefixList(fn: ReconFunction, prefix: string, bucket: s3.IBucket): void {
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${prefix}*`] } },
      }),
    );
  }

  private grantPrefixRead(fn: ReconFunction, prefix: string, bucket: s3.IBucket, reason: string): void {
    fn.role.addToPolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects(`${prefix}*`)] }),
    );
    this.grantPrefixList(fn, prefix, bucket);
    acknowledgeWildcards(fn.role, [`Resource::${nagArnOf(bucket)}/${prefix}*`], reason);
  }

  /** Statements in from the inbox, the deposit results rewritten (docs/deposits.md), their ERP lines. */
  private grantBankMatch(fn: ReconFunction, bucket: s3.IBucket): void {
    const prefixes = [BANK_INBOX_PREFIX, DEPOSIT_RESULTS_TABLE.prefix];
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:DeleteObject'],
        resources: prefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    for (const prefix of [...prefixes, BANK_RAW_PREFIX]) this.grantPrefixList(fn, prefix, bucket);
    acknowledgeWildcards(
      fn.role,
      prefixes.map((prefix) => `Resource::${nagArnOf(bucket)}/${prefix}*`),
      'Takes bank statements out of their inbox and rewrites the deposit results of its range: those two prefixes only.',
    );
    // It writes the ERP export's deposit lines (baixas/deposit-ledger.ts): it reads what the night posted.
    for (const prefix of [BAIXAS_TABLE.prefix, DEPOSIT_LEDGER_PREFIX])
      this.grantPrefixRead(fn, prefix, bucket, ERP_READS);
  }

  private grant(fn: ReconFunction, spec: StepAccess, props: WorkflowProps): void {
    if (spec.table === 'read') props.table.grantReadData(fn.role);
    if (spec.table === 'readWrite') props.table.grantReadWriteData(fn.role);
    if (spec.bucket) {
      const actions = spec.bucket === 'putDelete' ? ['s3:PutObject', 's3:DeleteObject'] : ['s3:PutObject'];
      fn.role.addToPolicy(new iam.PolicyStatement({ actions, resources: [props.bucket.arnForObjects('*')] }));
      acknowledgeWildcards(
        fn.role,
        [`Resource::${nagArnOf(props.bucket)}/*`],
        'Objects of the recon lake bucket only (raw/, normalized, quarantine, exports and summaries are all written ' +
          'by the workflow); no read, list or bucket-level action is granted.',
      );
    }
    if (spec.touchedLog === 'read')
      this.grantPrefixRead(
        fn,
        TOUCHED_PREFIX,
        props.bucket,
        "Reads the touched-key log under its own prefix only (the export's work list).",
      );
    if (spec.touchedLog === 'list') this.grantPrefixList(fn, TOUCHED_PREFIX, props.bucket);
    if (spec.actionList)
      this.grantPrefixRead(
        fn,
        ACTION_LIST_PREFIX,
        props.bucket,
        "Reads the kept action lists under their own prefix only (the summary's list of what needs action).",
      );
    if (spec.contractRates) {
      // The one object; listing its own key makes a missing table NoSuchKey (audit off), not AccessDenied.
      fn.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [props.bucket.arnForObjects(CONTRACT_RATES_KEY)],
        }),
      );
      this.grantPrefixList(fn, CONTRACT_RATES_KEY, props.bucket);
    }
    if (spec.bankLeg === 'match') this.grantBankMatch(fn, props.bucket);
    if (spec.bankLeg === 'read') {
      // Whether a statement was ever taken in, and the stored results: no inbox, no write.
      this.grantPrefixList(fn, BANK_RAW_PREFIX, props.bucket);
      this.grantPrefixRead(
        fn,
        DEPOSIT_RESULTS_TABLE.prefix,
        props.bucket,
        "Reads the deposit results under their own prefix only (the report's deposits section).",
      );
    }
    if (spec.feeLines) {
      this.grantPrefixRead(
        fn,
        OVERCHARGES_PREFIX,
        props.bucket,
        "Reads the nights' fees above the contract under their own prefix only (the fee pendências).",
      );
    }
    if (spec.events) {
      props.eventBus.grantPutEventsTo(fn.role);
      this.grantPrefixRead(
        fn,
        BREAKS_TABLE.prefix,
        props.bucket,
        "Reads the breaks' nightly snapshots under their own prefix only (a night's events compare it with the night before).",
      );
    }
    // The summary's ERP parts: the night's lines (manifest, CSV) and what the account items posted.
    if (spec.erpLines)
      for (const prefix of [BAIXAS_TABLE.prefix, ACCOUNT_LEDGER_PREFIX])
        this.grantPrefixRead(fn, prefix, props.bucket, ERP_READS);
    if (spec.topic) {
      props.topic.grantPublish(fn.role);
      acknowledgeWildcards(
        fn.role,
        ['Action::kms:GenerateDataKey*'],
        'Publishing to the KMS-encrypted topic needs GenerateDataKey* on the topic key (granted on that key only).',
      );
    }
    if (spec.linksReports) {
      // A presigned URL acts with its signer's rights, so the link opens only if this role may read it.
      const reports = summaryKeys('*').html;
      // The full lists beside each report (docs/report.md, "Short by design"), linked the same way.
      const lists = summaryFileKey('*', '*.csv');
      fn.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [props.bucket.arnForObjects(reports), props.bucket.arnForObjects(lists)],
        }),
      );
      acknowledgeWildcards(
        fn.role,
        [`Resource::${nagArnOf(props.bucket)}/${reports}`, `Resource::${nagArnOf(props.bucket)}/${lists}`],
        "Reads the runs' HTML reports and their CSV lists only (summaries/run=*/report.html, summaries/run=*/*.csv), to sign the notification's links to them.",
      );
    }
    if (spec.sendTaskSuccess) {
      fn.role.addToPolicy(
        new iam.PolicyStatement({ actions: ['states:SendTaskSuccess'], resources: [this.stateMachineArn] }),
      );
    }
  }
}
