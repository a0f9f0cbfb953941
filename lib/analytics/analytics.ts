import { Stack } from 'aws-cdk-lib';
import * as athena from 'aws-cdk-lib/aws-athena';
import * as glue from 'aws-cdk-lib/aws-glue';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DEPOSIT_RESULTS_TABLE } from '../../lambdas/core/deposits/results-table';
import { CONTRACT_RATES_TABLE } from '../../lambdas/core/fee-audit/rates-table';
import { QUARANTINE_TABLE, RECORDS_TABLE } from '../../lambdas/core/ingest/lake/tables';
import { LAKE_TABLES } from '../../lambdas/core/lake-catalog';
import type { LakePartition, LakeTable } from '../../lambdas/core/lake-schema';
import { RECEIVABLE_CHANGES_TABLE } from '../../lambdas/core/receivable-store/changes-table';
import { ATHENA_RESULTS_PREFIX } from '../storage/storage';
import { NAMED_QUERIES } from './queries';

export interface AnalyticsCatalogProps {
  /** The lake bucket (records, quarantine and the receivables' change log). */
  readonly bucket: s3.IBucket;
  /** Where Athena writes query results. @default the lake bucket, under `athena-results/` */
  readonly resultsBucket?: s3.IBucket;
  /** Glue database name (lower case, underscores). @default 'recon' */
  readonly databaseName?: string;
  /** Athena workgroup name; unique per account and region. @default `${databaseName}-analytics` */
  readonly workGroupName?: string;
  /**
   * First date of the date partitions Athena projects (movement dates, generation dates, change
   * dates); older data is not seen. The range ends one year after "now" (forecast due dates).
   * @default '2020-01-01'
   */
  readonly projectionStartDate?: string;
}

const PARQUET = {
  inputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat',
  outputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat',
  serdeInfo: { serializationLibrary: 'org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe' },
};
const TEXT_FILE = {
  inputFormat: 'org.apache.hadoop.mapred.TextInputFormat',
  outputFormat: 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat',
};
const JSON_LINES = {
  ...TEXT_FILE,
  serdeInfo: { serializationLibrary: 'org.openx.data.jsonserde.JsonSerDe' },
};

/**
 * Glue tables and an Athena workgroup over the lake, with the named queries finance runs.
 *
 * Partitions use partition projection: Athena computes them from the key layout (`tables.ts`,
 * shared with the writers), so no crawler runs and no `MSCK REPAIR` is ever needed when a new day
 * arrives. The workgroup enforces its own settings (encrypted result location, engine 3), so a user
 * cannot send results elsewhere unencrypted.
 */
export class AnalyticsCatalog extends Construct {
  public readonly databaseName: string;
  public readonly workGroupName: string;
  public readonly recordsTableName: string = RECORDS_TABLE.name;
  public readonly quarantineTableName: string = QUARANTINE_TABLE.name;
  public readonly receivableChangesTableName: string = RECEIVABLE_CHANGES_TABLE.name;
  public readonly contractRatesTableName: string = CONTRACT_RATES_TABLE.name;
  public readonly depositResultsTableName: string = DEPOSIT_RESULTS_TABLE.name;
  /** Athena named query names, `recon_<query>` (see `queries.ts`). */
  public readonly namedQueryNames: readonly string[];

  constructor(scope: Construct, id: string, props: AnalyticsCatalogProps) {
    super(scope, id);
    this.databaseName = props.databaseName ?? 'recon';
    this.workGroupName = props.workGroupName ?? `${this.databaseName}-analytics`;
    const catalogId = Stack.of(this).account;
    const projectionRange = `${props.projectionStartDate ?? '2020-01-01'},NOW+1YEARS`;

    const database = new glue.CfnDatabase(this, 'Database', {
      catalogId,
      databaseInput: {
        name: this.databaseName,
        description: 'recon data lake: provider records and reconciliation',
      },
    });

    for (const table of LAKE_TABLES) {
      const cfn = new glue.CfnTable(this, pascalCase(table.name), {
        catalogId,
        databaseName: this.databaseName,
        tableInput: tableInput(table, props.bucket.bucketName, projectionRange),
      });
      cfn.node.addDependency(database);
    }
    new glue.CfnTable(this, pascalCase(CONTRACT_RATES_TABLE.name), {
      catalogId,
      databaseName: this.databaseName,
      tableInput: contractRatesInput(props.bucket.bucketName),
    }).node.addDependency(database);

    const resultsBucket = props.resultsBucket ?? props.bucket;
    const resultsKey = resultsBucket.encryptionKey;
    const workGroup = new athena.CfnWorkGroup(this, 'WorkGroup', {
      name: this.workGroupName,
      description: 'recon: queries over the data lake',
      recursiveDeleteOption: true,
      workGroupConfiguration: {
        enforceWorkGroupConfiguration: true,
        publishCloudWatchMetricsEnabled: true,
        engineVersion: { selectedEngineVersion: 'Athena engine version 3' },
        resultConfiguration: {
          outputLocation: `s3://${resultsBucket.bucketName}/${ATHENA_RESULTS_PREFIX}`,
          encryptionConfiguration: resultsKey
            ? { encryptionOption: 'SSE_KMS', kmsKey: resultsKey.keyArn }
            : { encryptionOption: 'SSE_S3' },
        },
      },
    });

    this.namedQueryNames = NAMED_QUERIES.map((query) => {
      const name = `recon_${query.name}`;
      const params = query.params.map((p) => `${p.name} (${p.description})`).join(', ');
      const namedQuery = new athena.CfnNamedQuery(this, pascalCase(name), {
        name,
        description: `${query.description} Parameters, in order: ${params}.`.slice(0, 1024),
        database: this.databaseName,
        workGroup: this.workGroupName,
        queryString: query.sql,
      });
      namedQuery.node.addDependency(workGroup);
      namedQuery.node.addDependency(database);
      return name;
    });
  }
}

function tableInput(
  table: LakeTable,
  bucketName: string,
  dateRange: string,
): glue.CfnTable.TableInputProperty {
  const location = `s3://${bucketName}/${table.prefix}`;
  const template = `${location}${table.partitions.map((p) => `${p.name}=\${${p.name}}`).join('/')}/`;
  const parameters: Record<string, string> = {
    classification: table.format === 'parquet' ? 'parquet' : 'json',
    'projection.enabled': 'true',
    'storage.location.template': template,
  };
  for (const partition of table.partitions) Object.assign(parameters, projection(partition, dateRange));
  return {
    name: table.name,
    tableType: 'EXTERNAL_TABLE',
    parameters,
    partitionKeys: table.partitions.map((p) => ({ name: p.name, type: 'string' })),
    storageDescriptor: {
      location,
      columns: table.columns.map((c) => ({ name: c.name, type: c.type, comment: c.comment })),
      ...(table.format === 'parquet' ? PARQUET : JSON_LINES),
    },
  };
}

/**
 * The contracted-rate CSV as the user keeps it: OpenCSVSerde (quoted fields, so `"2,39"` is one
 * field), header skipped, every column a string, as that SerDe reads them anyway.
 */
function contractRatesInput(bucketName: string): glue.CfnTable.TableInputProperty {
  return {
    name: CONTRACT_RATES_TABLE.name,
    tableType: 'EXTERNAL_TABLE',
    parameters: { classification: 'csv', 'skip.header.line.count': '1' },
    storageDescriptor: {
      location: `s3://${bucketName}/${CONTRACT_RATES_TABLE.prefix}`,
      columns: CONTRACT_RATES_TABLE.columns.map((name) => ({ name, type: 'string' })),
      ...TEXT_FILE,
      serdeInfo: {
        serializationLibrary: 'org.apache.hadoop.hive.serde2.OpenCSVSerde',
        parameters: { separatorChar: ',', quoteChar: '"', escapeChar: '\\' },
      },
    },
  };
}

/** Glue table parameters that let Athena enumerate one partition column. */
function projection(partition: LakePartition, dateRange: string): Record<string, string> {
  const prefix = `projection.${partition.name}`;
  if (partition.projection.type === 'enum') {
    return { [`${prefix}.type`]: 'enum', [`${prefix}.values`]: partition.projection.values.join(',') };
  }
  const monthly = partition.projection.type === 'month';
  return {
    [`${prefix}.type`]: 'date',
    [`${prefix}.format`]: monthly ? 'yyyy-MM' : 'yyyy-MM-dd',
    // The range's start in the partition's own format (`2020-01-01` → `2020-01`).
    [`${prefix}.range`]: monthly ? dateRange.replace(/^(\d{4}-\d{2})-\d{2}/, '$1') : dateRange,
    [`${prefix}.interval`]: '1',
    [`${prefix}.interval.unit`]: monthly ? 'MONTHS' : 'DAYS',
  };
}

function pascalCase(name: string): string {
  return name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
