/** The Glue table over the bank statements' transactions (docs/deposits.md), partitioned by month. */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, it } from 'vitest';
import { AnalyticsCatalog } from '../../lib/analytics/analytics';

describe('AnalyticsCatalog: recon_bank_transactions', () => {
  const stack = new Stack(new App(), 'Test', { env: { account: '111111111111', region: 'sa-east-1' } });
  new AnalyticsCatalog(stack, 'Analytics', {
    bucket: new s3.Bucket(stack, 'Lake'),
    projectionStartDate: '2023-05-01',
  });
  const template = Template.fromStack(stack);

  it('projects the posted month (yyyy-MM) from the catalog start month on', () => {
    template.hasResourceProperties('AWS::Glue::Table', {
      TableInput: Match.objectLike({
        Name: 'recon_bank_transactions',
        PartitionKeys: [{ Name: 'posted_month', Type: 'string' }],
        Parameters: Match.objectLike({
          classification: 'parquet',
          'projection.posted_month.type': 'date',
          'projection.posted_month.format': 'yyyy-MM',
          'projection.posted_month.range': '2023-05,NOW+1YEARS',
          'projection.posted_month.interval': '1',
          'projection.posted_month.interval.unit': 'MONTHS',
        }),
      }),
    });
  });
});
