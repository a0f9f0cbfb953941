import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ACTION_LIST_DAYS, ACTION_LIST_PREFIX } from '../../lambdas/core/action-list/store';
import { TABLE } from '../../lambdas/core/store/table';

/**
 * Where Athena writes query results (lib/analytics), and where each run writes its summary and
 * report (lambdas/core/report/summarizer.ts; a test holds the two together).
 */
export const ATHENA_RESULTS_PREFIX = 'athena-results/';
export const SUMMARIES_PREFIX = 'summaries/';

export interface StorageProps {
  /** @default RETAIN: the lake and the receivables are the system of record. */
  readonly removalPolicy?: RemovalPolicy;
  /** Days raw provider pages stay in S3 Standard before Infrequent Access. @default 30 */
  readonly rawToInfrequentAccessDays?: number;
  /** Days before raw pages move to Glacier Instant Retrieval (audit copies, rarely read). @default 180 */
  readonly rawToGlacierDays?: number;
  /** The stage's `cost.pointInTimeRecovery`. */
  readonly pointInTimeRecovery: boolean;
  /** Days before Athena's query results expire (the stage's `lifecycle.athenaResultsDays`). */
  readonly athenaResultsDays: number;
  /** Days before a run's summary and report expire (the stage's `lifecycle.summariesDays`). */
  readonly summariesDays: number;
}

/**
 * The data lake bucket and the single DynamoDB table. Security defaults: no public access, TLS only,
 * encryption at rest, versioning (a bad export can be rolled back), server access logs to a separate
 * bucket, expiry of what nobody reads again (Athena results, old summaries); the table has
 * point-in-time recovery (unless the stage turns it off), encryption and TTL on `expiresAt` (keys
 * from `lambdas/core/store/table.ts`, which the stores read too), and no secondary index: every
 * index entry is a write unit more per receivable written in its states. The byStatus and byWork
 * indexes of earlier versions are gone: aging reads its due lists, and what needs action is the
 * action list kept night to night in the bucket (lambdas/core/action-list/).
 */
export class Storage extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly accessLogsBucket: s3.Bucket;
  public readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(365) }],
      removalPolicy,
    });

    this.bucket = new s3.Bucket(this, 'Lake', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'lake/',
      lifecycleRules: [
        {
          id: 'raw-pages-to-cold-storage',
          prefix: 'raw/',
          transitions: [
            {
              storageClass: s3.StorageClass.INFREQUENT_ACCESS,
              transitionAfter: Duration.days(props.rawToInfrequentAccessDays ?? 30),
            },
            {
              storageClass: s3.StorageClass.GLACIER_INSTANT_RETRIEVAL,
              transitionAfter: Duration.days(props.rawToGlacierDays ?? 180),
            },
          ],
        },
        {
          id: 'expire-athena-results',
          prefix: ATHENA_RESULTS_PREFIX,
          expiration: Duration.days(props.athenaResultsDays),
        },
        {
          id: 'expire-summaries',
          prefix: SUMMARIES_PREFIX,
          expiration: Duration.days(props.summariesDays),
        },
        {
          // One list a night; a run reads the latest, and rebuilds it from a Scan after a long pause.
          id: 'expire-action-lists',
          prefix: ACTION_LIST_PREFIX,
          expiration: Duration.days(ACTION_LIST_DAYS),
        },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(90) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
      removalPolicy,
    });

    const { partitionKey, sortKey, ttlAttribute } = TABLE;
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: props.pointInTimeRecovery },
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      timeToLiveAttribute: ttlAttribute,
      deletionProtection: removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy,
    });
  }
}
