/**
 * The stage settings that turn the fixed monthly items down (docs/deploy.md, "Cost, quotas and
 * teardown"), the lake's expiry of Athena results and summaries, and the download Lambdas'
 * reserved concurrency: in the template, still under cdk-nag, and refused with the setting's name
 * when wrong.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { summaryKeys } from '../../lambdas/core/report/summarizer';
import { parseStageConfig, type StageConfigInput } from '../../lib/config';
import { SUMMARIES_PREFIX } from '../../lib/storage/storage';
import { ofType, PRODUCTION, type Resources, synth } from './stack-synth';

const lakeRules = (resources: Resources) => {
  const [lake] = ofType(resources, 'AWS::S3::Bucket').filter(([, b]) => b.Properties.VersioningConfiguration);
  return lake?.[1].Properties.LifecycleConfiguration.Rules;
};

const DOWNLOADS = ['Download, archive, normalize and match'];

describe('the production defaults', () => {
  let template: Template;
  let resources: Resources;
  beforeAll(() => {
    ({ template, resources } = synth(PRODUCTION));
  });

  it('expires Athena results after 30 days and run summaries after 400', () => {
    expect(lakeRules(resources)).toEqual(
      expect.arrayContaining([
        { Id: 'expire-athena-results', Prefix: 'athena-results/', ExpirationInDays: 30, Status: 'Enabled' },
        { Id: 'expire-summaries', Prefix: 'summaries/', ExpirationInDays: 400, Status: 'Enabled' },
      ]),
    );
    template.hasResourceProperties('AWS::Athena::WorkGroup', {
      WorkGroupConfiguration: Match.objectLike({
        ResultConfiguration: Match.objectLike({
          OutputLocation: { 'Fn::Join': ['', ['s3://', Match.anyValue(), '/athena-results/']] },
        }),
      }),
    });
    // The prefix the rule expires is where the summarize step writes.
    expect(summaryKeys('run-1').html.startsWith(SUMMARIES_PREFIX)).toBe(true);
  });

  it('reserves no concurrency unless the stage asks', () => {
    for (const [, fn] of ofType(resources, 'AWS::Lambda::Function'))
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });
});

describe('a stage that turns the fixed items down', () => {
  const lowered: StageConfigInput = {
    ...PRODUCTION,
    cost: {
      stateMachineLogLevel: 'ERROR',
      stateMachineLogExecutionData: false,
      tracing: false,
      pointInTimeRecovery: false,
    },
    lifecycle: { athenaResultsDays: 7, summariesDays: 90 },
    download: { reservedConcurrency: 12 },
  };
  let template: Template;
  let resources: Resources;
  beforeAll(() => {
    // Synthesis runs cdk-nag: each relaxed rule is acknowledged, naming the setting.
    ({ template, resources } = synth(lowered));
  });

  it('logs errors only, without execution data, and traces nothing', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      TracingConfiguration: { Enabled: false },
      LoggingConfiguration: Match.objectLike({ Level: 'ERROR', IncludeExecutionData: false }),
    });
    for (const [, fn] of ofType(resources, 'AWS::Lambda::Function'))
      expect(fn.Properties.TracingConfig).toBeUndefined();
  });

  it('turns point-in-time recovery off and expires on the configured days', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false } }),
      ],
    });
    expect(lakeRules(resources)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Prefix: 'athena-results/', ExpirationInDays: 7 }),
        expect.objectContaining({ Prefix: 'summaries/', ExpirationInDays: 90 }),
      ]),
    );
  });

  it('reserves the concurrency for the two download Lambdas only', () => {
    const reserved = ofType(resources, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toHaveLength(2);
    for (const [, fn] of reserved) {
      expect(fn.Properties.ReservedConcurrentExecutions).toBe(12);
      expect(DOWNLOADS.some((text) => String(fn.Properties.Description).includes(text))).toBe(true);
    }
  });
});

describe('cost settings refused at synth', () => {
  const base = { environment: 'production', baseUrl: 'https://provider.example' } as const;

  it('names the setting of a bad log level, and of execution data logged at level OFF', () => {
    expect(() => parseStageConfig({ ...base, cost: { stateMachineLogLevel: 'DEBUG' } })).toThrow(
      /^recon\.cost\.stateMachineLogLevel: must be one of "ALL", "ERROR", "FATAL", "OFF"/,
    );
    expect(() => parseStageConfig({ ...base, cost: { stateMachineLogLevel: 'OFF' } })).toThrow(
      /^recon\.cost\.stateMachineLogExecutionData: the state machine logs nothing at stateMachineLogLevel OFF/,
    );
    expect(
      parseStageConfig({
        ...base,
        cost: { stateMachineLogLevel: 'OFF', stateMachineLogExecutionData: false },
      }).cost,
    ).toMatchObject({ stateMachineLogLevel: 'OFF' });
  });

  it('keeps a summary at least as long as its link works', () => {
    expect(() => parseStageConfig({ ...base, lifecycle: { summariesDays: 3 } })).toThrow(
      'recon.lifecycle.summariesDays: must be ≥ 7, got 3',
    );
    expect(() => parseStageConfig({ ...base, lifecycle: { athenaResultsDays: 0 } })).toThrow(
      /^recon\.lifecycle\.athenaResultsDays: must be ≥ 1/,
    );
  });

  it('refuses a reservation below the downloads that run at once', () => {
    // 2 jobs × max(3 inline batches, 5 distributed children) = 10 with the defaults.
    expect(() => parseStageConfig({ ...base, download: { reservedConcurrency: 9 } })).toThrow(
      /^recon\.download\.reservedConcurrency: must be ≥ 10, got 9: up to 10 downloads run at once/,
    );
    expect(() =>
      parseStageConfig({
        ...base,
        jobConcurrency: 3,
        download: { batchConcurrency: 6, reservedConcurrency: 17 },
      }),
    ).toThrow(/must be ≥ 18, got 17/);
    expect(
      parseStageConfig({ ...base, download: { reservedConcurrency: 10 } }).download.reservedConcurrency,
    ).toBe(10);
  });
});
