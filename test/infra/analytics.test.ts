import { App, Stack, Validations } from 'aws-cdk-lib';
import { Capture, Match, Template } from 'aws-cdk-lib/assertions';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { bankTransactionsKey } from '../../lambdas/core/deposits/bank/lake-file';
import { depositResultsKey } from '../../lambdas/core/deposits/results-lake';
import { quarantineObjectKey, recordsObjectKey } from '../../lambdas/core/ingest/lake/keys';
import { changesKey } from '../../lambdas/core/receivable-store/snapshot-export';
import { AnalyticsCatalog, type AnalyticsCatalogProps } from '../../lib/analytics/analytics';
import { NAMED_QUERIES } from '../../lib/analytics/queries';

function synth(props: Partial<AnalyticsCatalogProps> = {}, withKeyResults = false) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'Test', { env: { account: '111111111111', region: 'sa-east-1' } });
  const bucket = new s3.Bucket(stack, 'Lake');
  const resultsBucket = withKeyResults
    ? new s3.Bucket(stack, 'Results', { encryptionKey: new kms.Key(stack, 'Key') })
    : undefined;
  const catalog = new AnalyticsCatalog(stack, 'Analytics', { bucket, resultsBucket, ...props });
  return { template: Template.fromStack(stack), catalog };
}

const location = (prefix: string) => ({
  'Fn::Join': ['', ['s3://', { Ref: Match.stringLikeRegexp('^Lake') }, `/${prefix}`]],
});

describe('AnalyticsCatalog', () => {
  const { template, catalog } = synth();

  it('creates the database and exposes its names', () => {
    template.resourceCountIs('AWS::Glue::Database', 1);
    template.hasResourceProperties('AWS::Glue::Database', { DatabaseInput: { Name: 'recon' } });
    expect(catalog.databaseName).toBe('recon');
    expect(catalog.workGroupName).toBe('recon-analytics');
    expect([
      catalog.recordsTableName,
      catalog.quarantineTableName,
      catalog.receivableChangesTableName,
    ]).toEqual(['recon_records', 'recon_quarantine', 'recon_receivable_changes']);
  });

  it('projects the records partitions: kind enum, movement month range', () => {
    template.hasResourceProperties('AWS::Glue::Table', {
      DatabaseName: 'recon',
      TableInput: Match.objectLike({
        Name: 'recon_records',
        TableType: 'EXTERNAL_TABLE',
        PartitionKeys: [
          { Name: 'kind', Type: 'string' },
          { Name: 'movement_month', Type: 'string' },
        ],
        Parameters: {
          classification: 'parquet',
          'projection.enabled': 'true',
          'projection.kind.type': 'enum',
          'projection.kind.values': 'sales,financial',
          // By month: a batch writes one object per month, not one per (code, day) (docs/scale.md).
          'projection.movement_month.type': 'date',
          'projection.movement_month.format': 'yyyy-MM',
          'projection.movement_month.range': '2020-01,NOW+1YEARS',
          'projection.movement_month.interval': '1',
          'projection.movement_month.interval.unit': 'MONTHS',
          'storage.location.template': {
            'Fn::Join': [
              '',
              [
                's3://',
                { Ref: Match.stringLikeRegexp('^Lake') },
                `/records-by-month/kind=\${kind}/movement_month=\${movement_month}/`,
              ],
            ],
          },
        },
        StorageDescriptor: Match.objectLike({
          Location: location('records-by-month/'),
          SerdeInfo: { SerializationLibrary: 'org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe' },
          Columns: Match.arrayWith([
            { Name: 'installment', Type: 'int' },
            { Name: 'gross_cents', Type: 'bigint' },
            Match.objectLike({ Name: 'extra', Type: 'string' }),
            // The record's role (docs/lifecycle.md), last so older files read them as null.
            Match.objectLike({ Name: 'role', Type: 'string' }),
            Match.objectLike({ Name: 'signed_net_cents', Type: 'bigint' }),
            Match.objectLike({ Name: 'receivable_key', Type: 'string' }),
            Match.objectLike({ Name: 'reason_text', Type: 'string' }),
            // The sale's product (docs/fee-audit.md), appended after them.
            Match.objectLike({ Name: 'product', Type: 'string' }),
            // The former daily partitions, columns in every file since the layout is by month.
            Match.objectLike({ Name: 'code', Type: 'string' }),
            Match.objectLike({ Name: 'movement_date', Type: 'string' }),
          ]),
        }),
      }),
    });
  });

  it('projects the quarantine (JSON lines) by kind and generation date', () => {
    template.hasResourceProperties('AWS::Glue::Table', {
      TableInput: Match.objectLike({
        Name: 'recon_quarantine',
        Parameters: Match.objectLike({
          classification: 'json',
          'projection.kind.type': 'enum',
          'projection.generated.type': 'date',
        }),
        StorageDescriptor: Match.objectLike({
          SerdeInfo: { SerializationLibrary: 'org.openx.data.jsonserde.JsonSerDe' },
          InputFormat: 'org.apache.hadoop.mapred.TextInputFormat',
        }),
      }),
    });
  });

  it('maps the receivables change log with its fixed layout and columns', () => {
    template.hasResourceProperties('AWS::Glue::Table', {
      TableInput: Match.objectLike({
        Name: 'recon_receivable_changes',
        PartitionKeys: [{ Name: 'changed_on', Type: 'string' }],
        Parameters: Match.objectLike({
          'projection.changed_on.type': 'date',
          'storage.location.template': {
            'Fn::Join': [
              '',
              [
                's3://',
                { Ref: Match.stringLikeRegexp('^Lake') },
                `/reconciliation/changes/changed_on=\${changed_on}/`,
              ],
            ],
          },
        }),
        StorageDescriptor: Match.objectLike({
          Columns: [
            { Name: 'receivable_key', Type: 'string' },
            { Name: 'acquirer', Type: 'string' },
            { Name: 'merchant', Type: 'string' },
            { Name: 'sale_date', Type: 'string' },
            { Name: 'nsu', Type: 'string' },
            { Name: 'authorization', Type: 'string' },
            { Name: 'installment', Type: 'int' },
            { Name: 'brand', Type: 'string' },
            { Name: 'status', Type: 'string', Comment: 'as derived on changed_on' },
            { Name: 'forecast_net_cents', Type: 'bigint' },
            { Name: 'settled_net_cents', Type: 'bigint' },
            { Name: 'difference_cents', Type: 'bigint' },
            { Name: 'due_date', Type: 'string' },
            { Name: 'last_payment_date', Type: 'string' },
            { Name: 'settlement_count', Type: 'int' },
            { Name: 'reason', Type: 'string' },
            { Name: 'version', Type: 'bigint', Comment: 'DynamoDB item version: the latest row wins' },
            {
              Name: 'overdue_on',
              Type: 'string',
              Comment: 'for an OPEN receivable, the first date it counts as OVERDUE (due + grace + 1 day)',
            },
            // Appended for the lifecycle: older parts read them as null.
            { Name: 'cancelled_net_cents', Type: 'bigint' },
            { Name: 'charged_back_net_cents', Type: 'bigint', Comment: 'chargebacks net of their reversals' },
            { Name: 'adjustment_net_cents', Type: 'bigint' },
            { Name: 'advance_fee_cents', Type: 'bigint' },
            { Name: 'expected_net_cents', Type: 'bigint', Comment: 'forecast - cancelled + adjustments' },
            {
              Name: 'received_net_cents',
              Type: 'bigint',
              Comment: 'settled (payments and advances) - charged back',
            },
            { Name: 'last_chargeback_date', Type: 'string' },
            { Name: 'roles', Type: 'string', Comment: 'roles of the records, +-joined' },
            // Appended for the fee audit (docs/fee-audit.md).
            {
              Name: 'fee_audit',
              Type: 'string',
              Comment: 'OK, FEE_ABOVE_CONTRACT, FEE_BELOW_CONTRACT, NO_CONTRACT_RATE',
            },
            { Name: 'contract_mdr_percent', Type: 'string' },
            { Name: 'contract_fee_cents', Type: 'bigint' },
            { Name: 'charged_fee_cents', Type: 'bigint' },
            { Name: 'fee_difference_cents', Type: 'bigint', Comment: 'charged - contracted' },
            { Name: 'advance_fee_audit', Type: 'string' },
            { Name: 'contract_advance_fee_cents', Type: 'bigint' },
            { Name: 'advance_fee_difference_cents', Type: 'bigint' },
          ],
        }),
      }),
    });
  });

  it('projects exactly the keys the ingestion writes', () => {
    const source = { reportKind: 'sales', reportId: '42', page: 1, generatedOn: '2025-04-05' } as const;
    const expected = {
      recon_records: recordsObjectKey(source, '2025-03'),
      recon_quarantine: quarantineObjectKey(source),
      recon_receivable_changes: changesKey('2025-04-05', 0),
      recon_bank_transactions: bankTransactionsKey('ab12', '2025-03'),
      recon_deposit_results: depositResultsKey('2025-04-05'),
    };
    const values: Record<string, string> = {
      kind: 'sales',
      movement_month: '2025-03',
      generated: '2025-04-05',
      changed_on: '2025-04-05',
      posted_month: '2025-03',
      result_date: '2025-04-05',
    };
    for (const [table, key] of Object.entries(expected)) {
      const locationTemplate = new Capture();
      template.hasResourceProperties('AWS::Glue::Table', {
        TableInput: Match.objectLike({
          Name: table,
          Parameters: Match.objectLike({
            'storage.location.template': { 'Fn::Join': ['', ['s3://', Match.anyValue(), locationTemplate]] },
          }),
        }),
      });
      const prefix = locationTemplate
        .asString()
        .replace(/\$\{(\w+)\}/g, (_, name: string) => values[name] ?? '?');
      expect(`/${key}`.startsWith(prefix), `${key} under ${prefix}`).toBe(true);
      expect(`/${key}`.slice(prefix.length)).not.toContain('/');
    }
  });

  it('uses no crawler', () => {
    template.resourceCountIs('AWS::Glue::Crawler', 0);
    template.resourceCountIs('AWS::Glue::Table', 9);
  });

  it('enforces an encrypted result location on the workgroup', () => {
    template.hasResourceProperties('AWS::Athena::WorkGroup', {
      Name: 'recon-analytics',
      WorkGroupConfiguration: Match.objectLike({
        EnforceWorkGroupConfiguration: true,
        EngineVersion: { SelectedEngineVersion: 'Athena engine version 3' },
        ResultConfiguration: {
          OutputLocation: location('athena-results/'),
          EncryptionConfiguration: { EncryptionOption: 'SSE_S3' },
        },
      }),
    });
  });

  it('encrypts results with the results bucket key when it has one', () => {
    const { template: keyed } = synth({}, true);
    keyed.hasResourceProperties('AWS::Athena::WorkGroup', {
      WorkGroupConfiguration: Match.objectLike({
        ResultConfiguration: Match.objectLike({
          EncryptionConfiguration: { EncryptionOption: 'SSE_KMS', KmsKey: Match.anyValue() },
        }),
      }),
    });
  });

  it('registers every named query, with the SQL of queries.ts, in the workgroup', () => {
    template.resourceCountIs('AWS::Athena::NamedQuery', NAMED_QUERIES.length);
    for (const query of NAMED_QUERIES) {
      template.hasResource('AWS::Athena::NamedQuery', {
        Properties: {
          Name: `recon_${query.name}`,
          Database: 'recon',
          WorkGroup: 'recon-analytics',
          QueryString: query.sql,
          Description: Match.stringLikeRegexp(query.params[0]?.name ?? ''),
        },
        DependsOn: Match.arrayWith([Match.stringLikeRegexp('WorkGroup')]),
      });
    }
    expect(catalog.namedQueryNames).toHaveLength(NAMED_QUERIES.length);
  });

  it('takes a database name, workgroup name and projection start', () => {
    const { template: custom } = synth({
      databaseName: 'finance_lake',
      workGroupName: 'finance',
      projectionStartDate: '2024-06-01',
    });
    custom.hasResourceProperties('AWS::Glue::Database', { DatabaseInput: { Name: 'finance_lake' } });
    custom.hasResourceProperties('AWS::Athena::WorkGroup', { Name: 'finance' });
    custom.hasResourceProperties('AWS::Glue::Table', {
      TableInput: Match.objectLike({
        Parameters: Match.objectLike({ 'projection.changed_on.range': '2024-06-01,NOW+1YEARS' }),
      }),
    });
  });

  it('passes the cdk-nag AwsSolutions checks without acknowledgements', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Nag', { env: { account: '111111111111', region: 'sa-east-1' } });
    new AnalyticsCatalog(stack, 'Analytics', {
      bucket: s3.Bucket.fromBucketName(stack, 'Lake', 'recon-lake'),
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => Template.fromStack(stack)).not.toThrow();
  });
});
