/** The Glue tables over the breaks (`recon_break_events`, `recon_breaks`): where their writers put them. */
import { App, Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { breakEventKey } from '../../lambdas/core/breaks/events-lake';
import { breaksSnapshotKey } from '../../lambdas/core/breaks/snapshot-lake';
import { AnalyticsCatalog } from '../../lib/analytics/analytics';

describe('AnalyticsCatalog: the breaks', () => {
  const stack = new Stack(new App(), 'Test', { env: { account: '111111111111', region: 'sa-east-1' } });
  new AnalyticsCatalog(stack, 'Analytics', { bucket: new s3.Bucket(stack, 'Lake') });
  const template = Template.fromStack(stack);

  const tables = [
    {
      name: 'recon_break_events',
      partition: 'decided_on',
      key: breakEventKey({ breakId: 'r:k', version: 2, at: '2025-04-05T15:00:00.000Z' }),
    },
    { name: 'recon_breaks', partition: 'as_of', key: breaksSnapshotKey('2025-04-05') },
  ];

  for (const { name, partition, key } of tables) {
    it(`${name}: JSON lines, a date partition projected, and its writer's objects right under it`, () => {
      const locationTemplate = new Capture();
      template.hasResourceProperties('AWS::Glue::Table', {
        TableInput: Match.objectLike({
          Name: name,
          PartitionKeys: [{ Name: partition, Type: 'string' }],
          Parameters: Match.objectLike({
            classification: 'json',
            [`projection.${partition}.type`]: 'date',
            [`projection.${partition}.format`]: 'yyyy-MM-dd',
            'storage.location.template': { 'Fn::Join': ['', ['s3://', Match.anyValue(), locationTemplate]] },
          }),
        }),
      });
      const prefix = locationTemplate.asString().replace(`\${${partition}}`, '2025-04-05');
      expect(`/${key}`.startsWith(prefix), `${key} under ${prefix}`).toBe(true);
      expect(`/${key}`.slice(prefix.length)).not.toContain('/');
    });
  }
});
