/** The Glue table over the contracted-rate CSV (docs/fee-audit.md), which `fee_audit` joins. */
import { App, Stack } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { CONTRACT_RATES_KEY } from '../../lambdas/core/fee-audit/source';
import { AnalyticsCatalog } from '../../lib/analytics/analytics';

describe('AnalyticsCatalog: recon_contract_rates', () => {
  const stack = new Stack(new App(), 'Test', { env: { account: '111111111111', region: 'sa-east-1' } });
  const catalog = new AnalyticsCatalog(stack, 'Analytics', { bucket: new s3.Bucket(stack, 'Lake') });
  const template = Template.fromStack(stack);

  it('reads the contracted-rate CSV as text columns, header skipped, from the folder of its one key', () => {
    expect(catalog.contractRatesTableName).toBe('recon_contract_rates');
    const tableLocation = new Capture();
    template.hasResourceProperties('AWS::Glue::Table', {
      TableInput: {
        Name: 'recon_contract_rates',
        TableType: 'EXTERNAL_TABLE',
        Parameters: { classification: 'csv', 'skip.header.line.count': '1' },
        StorageDescriptor: {
          Location: { 'Fn::Join': ['', ['s3://', { Ref: Match.stringLikeRegexp('^Lake') }, tableLocation]] },
          InputFormat: 'org.apache.hadoop.mapred.TextInputFormat',
          OutputFormat: 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat',
          SerdeInfo: {
            SerializationLibrary: 'org.apache.hadoop.hive.serde2.OpenCSVSerde',
            Parameters: { separatorChar: ',', quoteChar: '"', escapeChar: '\\' },
          },
          // The CSV's header order (docs/fee-audit.md): OpenCSVSerde maps columns by position.
          Columns: [
            'acquirer',
            'brand',
            'product',
            'installments_from',
            'installments_to',
            'mdr_percent',
            'advance_monthly_percent',
            'effective_from',
          ].map((name) => ({ Name: name, Type: 'string' })),
        },
      },
    });
    // The steps and the CLI read the object the table reads: directly in the table's folder.
    expect(`/${CONTRACT_RATES_KEY}`.startsWith(tableLocation.asString())).toBe(true);
    expect(`/${CONTRACT_RATES_KEY}`.slice(tableLocation.asString().length)).not.toContain('/');
  });
});
