import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { parseWorkflowConfig, WORKFLOW_ENV } from '../../lambdas/core/workflow/config';
import { TRANSIENT_ERROR } from '../../lambdas/core/workflow/errors';
import {
  DISTRIBUTED_MAP_STATE,
  INLINE_MAP_STATE,
  STATE,
  WAIT_FOR_WEBHOOK_STATE,
} from '../../lib/workflow/state-names';
import {
  type AslState,
  actionsOf,
  jobStates,
  ofType,
  PRODUCTION,
  type Resources,
  statementsOf,
  synth,
} from './stack-synth';

describe('recon stack (production, webhook on)', () => {
  let template: Template;
  let resources: Resources;
  beforeAll(() => {
    ({ template, resources } = synth(PRODUCTION));
  });

  it('keeps the table recoverable and encrypted, with TTL and no secondary index', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: Match.absent(),
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        }),
      ],
    });
  });

  it('locks the lake bucket down and moves raw pages to colder storage', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: Match.objectLike({ ServerSideEncryptionConfiguration: Match.anyValue() }),
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'lake/' }),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Prefix: 'raw/',
            Transitions: [
              { StorageClass: 'STANDARD_IA', TransitionInDays: 30 },
              { StorageClass: 'GLACIER_IR', TransitionInDays: 180 },
            ],
          }),
        ]),
      },
    });
    for (const [, policy] of ofType(resources, 'AWS::S3::BucketPolicy')) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('runs a STANDARD state machine with full logging and tracing', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: true }),
    });
  });

  it('bounds concurrency, switches to a Distributed Map for large reports, and retries transient errors', () => {
    const { jobs, job } = jobStates(template);
    expect(jobs.MaxConcurrency).toBe(2);
    // Page batches by index in chunks: no page list and no batch result ever enters the state.
    expect(job[STATE.planPageChunks]?.Parameters).toEqual({
      'starts.$': 'States.ArrayRange(0, $.report.lastChunkStart, $.report.chunkSize)',
    });
    expect(job[INLINE_MAP_STATE]).toMatchObject({ ItemsPath: '$.chunks.starts', ResultPath: null });
    const chunk = (job[INLINE_MAP_STATE] as AslState).ItemProcessor.States;
    expect(chunk[STATE.downloadChunkBatches]).toMatchObject({ MaxConcurrency: 3, ResultPath: null });
    const distributed = job[DISTRIBUTED_MAP_STATE] as AslState;
    expect(distributed.ItemProcessor.ProcessorConfig).toEqual({
      Mode: 'DISTRIBUTED',
      ExecutionType: 'STANDARD',
    });
    expect(distributed.MaxConcurrency).toBe(5);
    expect(distributed).toMatchObject({ ItemsPath: '$.chunks.starts', ResultPath: null });
    const child = distributed.ItemProcessor.States;
    expect(child[STATE.downloadChunkBatchesDistributed]).toMatchObject({
      MaxConcurrency: 1,
      ResultPath: null,
      OutputPath: '$.start',
    });
    // The job-ending states get explicit small payloads, never the whole job state.
    expect(job[STATE.finishJob]?.Parameters).toEqual({
      'job.$': '$.job',
      'executionId.$': '$.executionId',
      'report.$': '$.report',
      'cursor.$': '$.cursor',
      'end.$': '$.end',
      'failure.$': '$.failure',
    });
    expect(job[STATE.deleteReport]?.Parameters).toEqual({ 'result.$': '$.result' });
    expect(job[STATE.largeReport]?.Choices[0]).toMatchObject({
      Variable: '$.report.batchCount',
      NumericGreaterThan: 40,
      Next: DISTRIBUTED_MAP_STATE,
    });
    expect(job[STATE.generateReport]?.Retry[0]?.ErrorEquals).toContain(TRANSIENT_ERROR);
    expect(job[STATE.generateReport]?.Retry[0]).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL' });
    expect(job[STATE.generateReport]?.Catch[0]).toMatchObject({
      ErrorEquals: ['States.ALL'],
      Next: STATE.recordJobFailure,
    });
  });

  it('waits for the webhook with a task token and falls back to polling on timeout', () => {
    const wait = jobStates(template).job[WAIT_FOR_WEBHOOK_STATE] as AslState;
    expect(wait.Resource).toMatch(/:states:::lambda:invoke\.waitForTaskToken$/);
    expect(wait.Parameters.Payload).toEqual({
      'reportId.$': '$.report.reportId',
      'taskToken.$': '$$.Task.Token',
    });
    expect(wait.TimeoutSeconds).toBe(45 * 60);
    expect(wait.Catch[0]).toEqual({
      ErrorEquals: ['States.Timeout'],
      ResultPath: '$.webhookTimeout',
      Next: STATE.checkReport,
    });
  });

  it('schedules the nightly run in America/Sao_Paulo with retries and a dead-letter queue', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 6 * * ? *)',
      ScheduleExpressionTimezone: 'America/Sao_Paulo',
      State: 'ENABLED',
      Target: Match.objectLike({
        Input: '{}',
        DeadLetterConfig: { Arn: Match.anyValue() },
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      }),
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });

  it('alarms on failed and timed-out executions, function error rates and dead letters, into an encrypted topic', () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const names = alarms.map((a) => a.MetricName);
    expect(names).toContain('ExecutionsFailed');
    expect(names).toContain('ExecutionsTimedOut');
    expect(names).toContain('ApproximateNumberOfMessagesVisible');
    // 12 step functions, the webhook receiver and the web inbox, each on its error rate (metric math: test/infra/alarms.test.ts).
    expect(alarms.filter((a) => String(a.AlarmName).endsWith('Errors'))).toHaveLength(14);
    for (const alarm of alarms) expect(alarm.AlarmActions).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  it('builds every function for Node 22 on arm64 with tracing and the shared settings', () => {
    const functions = ofType(resources, 'AWS::Lambda::Function').map(([, f]) => f.Properties);
    // 12 steps, the webhook receiver and the web inbox.
    expect(functions).toHaveLength(14);
    for (const fn of functions) {
      expect(fn).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
      expect(fn.Environment.Variables[ENV.tableName]).toBeDefined();
    }
    const plan = functions.find((f) => String(f.Description).includes('claim the run marker'));
    const vars = plan?.Environment.Variables;
    expect(vars[ENV.providerBaseUrl]).toBe('https://provider.example/api');
    // The limiter's pacing reaches every provider-calling Lambda: rate, jitter reserve and spacing.
    expect([
      vars[ENV.providerRatePerSecond],
      vars[ENV.providerRateMargin],
      vars[ENV.providerRateSpacing],
    ]).toEqual(['10', '0.03', '10']);
    expect(parseWorkflowConfig(JSON.parse(vars[WORKFLOW_ENV.workflowConfig]))).toMatchObject({
      environment: 'production',
      webhook: true,
      configurationNames: { sales: 'Vendas', financial: 'Financeiro' },
    });
    // The matching rules reach the steps that match and age (plan reads none of them: each Lambda gets only its own settings).
    const summary = functions.find((f) => String(f.Description).includes('run summary'));
    expect(JSON.parse(summary?.Environment.Variables[ENV.reconConfig])).toMatchObject({
      graceDays: 3,
      tolerance: { absoluteCents: 0 },
    });
  });

  it('creates the secret with a generated HMAC key and no credential in the template', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ GenerateStringKey: 'hmacSecret' }),
    });
    for (const [, secret] of ofType(resources, 'AWS::SecretsManager::Secret')) {
      expect(secret.Properties.SecretString).toBeUndefined();
    }
  });

  it('grants each function only what its step needs', () => {
    // Finish job reads the job's batch results from the table (they are kept out of the state), no more.
    const finish = actionsOf(resources, 'Reduce page results')
      .map((a) => a.action)
      .filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'));
    expect(finish.length).toBeGreaterThan(0);
    expect(finish.every((a) => a.startsWith('dynamodb:') && !/Put|Update|Delete|Write/.test(a))).toBe(true);

    const download = actionsOf(resources, 'one batch of report pages').map((a) => a.action);
    expect(download).toEqual(
      expect.arrayContaining(['s3:PutObject', 's3:DeleteObject', 'secretsmanager:GetSecretValue']),
    );
    // It lists the touched-key log's date prefixes (the hot-table horizon's evidence) and reads no object.
    expect(download.some((a) => a.startsWith('s3:Get'))).toBe(false);
    const lists = statementsOf(resources, 'one batch of report pages').filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:List')),
    );
    expect(lists.map((st) => [st.Action, st.Condition])).toEqual([
      ['s3:ListBucket', { StringLike: { 's3:prefix': ['reconciliation/touched/*'] } }],
    ]);
    expect(download.some((a) => a.startsWith('sns:') || a.startsWith('states:'))).toBe(false);

    const wait = actionsOf(resources, 'Park the task token');
    expect(wait.filter((a) => a.action.startsWith('states:'))).toEqual([
      {
        action: 'states:SendTaskSuccess',
        resource: expect.objectContaining({ 'Fn::Join': expect.anything() }),
      },
    ]);
    expect(wait.some((a) => a.action.startsWith('secretsmanager:'))).toBe(false);

    expect(actionsOf(resources, 'run summary').map((a) => a.action)).toContain('sns:Publish');
    for (const [, policy] of ofType(resources, 'AWS::IAM::Policy')) {
      for (const statement of policy.Properties.PolicyDocument.Statement)
        expect(statement.Action).not.toBe('*');
    }
  });

  it('exposes the webhook through a throttled HTTP API', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 }),
    });
  });
});
