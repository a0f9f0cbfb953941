/**
 * cdk-nag 3 acknowledgements. A wildcard finding of AwsSolutions-IAM5 is identified by the exact
 * wildcard (`AwsSolutions-IAM5[Resource::<Table.Arn>/index/*]`), so each acknowledgement names the
 * one wildcard it accepts, and a new wildcard added later still fails synthesis until reviewed.
 */
import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** `<LogicalId.Arn>` as cdk-nag prints a `Fn::GetAtt [..., Arn]` in a finding. */
export function nagArnOf(resource: IConstruct): string {
  const cfn = (resource.node.defaultChild ?? resource) as CfnElement;
  return `<${Stack.of(resource).getLogicalId(cfn)}.Arn>`;
}

/** Acknowledges `AwsSolutions-IAM5[<finding>]` for each finding, with one reason. */
export function acknowledgeWildcards(scope: IConstruct, findings: readonly string[], reason: string): void {
  Validations.of(scope).acknowledge(
    ...findings.map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason })),
  );
}

/**
 * Acknowledges a cdk-nag rule the stage chose to relax for cost (a `recon.cost.*` setting): the
 * finding stays reviewed by whoever set it, and the reason names the setting.
 */
export function acknowledgeCostSetting(scope: IConstruct, ruleId: string, setting: string): void {
  Validations.of(scope).acknowledge({
    id: ruleId,
    reason: `Turned down by the stage setting recon.${setting} to save its monthly cost (docs/deploy.md, "Cost, quotas and teardown").`,
  });
}
