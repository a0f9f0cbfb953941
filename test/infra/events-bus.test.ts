/**
 * The night's events deployed: a bus of the stack's own, the summarize step the only one that may
 * put on it (and on nothing else), told its name by the environment, and the bus's name and ARN as
 * outputs for subscribers' rules. Synthesis runs cdk-nag; cfn-lint runs in production-example.test.ts.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { STEP_CATALOG } from '../../lambdas/core/workflow/step-catalog';
import { ofType, PRODUCTION, type Resources, statementsOf, synth } from './stack-synth';

const SUMMARY = STEP_CATALOG.summarize.purpose;

describe('the events bus (production)', () => {
  let template: Template;
  let resources: Resources;
  let busId: string;
  beforeAll(() => {
    ({ template, resources } = synth(PRODUCTION));
    const buses = ofType(resources, 'AWS::Events::EventBus');
    expect(buses).toHaveLength(1);
    busId = buses[0]?.[0] ?? '';
    // Synthesis under cdk-nag takes tens of seconds on a loaded machine.
  }, 180_000);

  it('is a bus of its own, named after the stack', () => {
    template.hasResourceProperties('AWS::Events::EventBus', { Name: 'Recon-events' });
  });

  it('lets the summarize step put events on that bus only, and no other function at all', () => {
    const puts = statementsOf(resources, SUMMARY).filter((st) =>
      [st.Action].flat().includes('events:PutEvents'),
    );
    expect(puts).toEqual([
      expect.objectContaining({ Action: 'events:PutEvents', Resource: { 'Fn::GetAtt': [busId, 'Arn'] } }),
    ]);
    const policies = ofType(resources, 'AWS::IAM::Policy').map(([, p]) => JSON.stringify(p.Properties));
    expect(policies.filter((p) => p.includes('events:PutEvents'))).toHaveLength(1);
  });

  it("reads the breaks' nightly snapshots under their own prefix, to compare a night with the one before", () => {
    const reads = statementsOf(resources, SUMMARY).map((st) =>
      JSON.stringify([st.Action, st.Resource, st.Condition]),
    );
    expect(reads).toContainEqual(expect.stringMatching(/"s3:GetObject".*\/breaks\/snapshots\/\*"/));
    expect(reads).toContainEqual(
      expect.stringMatching(/"s3:ListBucket".*"s3:prefix":\["breaks\/snapshots\/\*"\]/),
    );
  });

  it("gives the bus's name to the summarize Lambda alone", () => {
    const functions = ofType(resources, 'AWS::Lambda::Function').map(([, f]) => f.Properties);
    const told = functions.filter((f) => f.Environment?.Variables?.[ENV.eventBusName] !== undefined);
    expect(told.map((f) => f.Description)).toEqual([`recon: ${SUMMARY}`]);
    expect(told[0]?.Environment.Variables[ENV.eventBusName]).toEqual({ Ref: busId });
  });

  it("outputs the bus's name and ARN", () => {
    template.hasOutput('EventBusName', { Value: { Ref: busId } });
    template.hasOutput('EventBusArn', { Value: { 'Fn::GetAtt': [busId, 'Arn'] } });
  });
});
