/**
 * The deployed web inbox: its Lambda (lambdas/inbox/handler.ts, built like every recon function),
 * the HTTP API and user pool in front of it (inbox-api.ts), and exactly what the pages need: the
 * table (breaks, receivables, decisions), the kept action list and the touched log since it (the
 * receivables' breaks), the bank leg's results (deposit breaks) and the lake's copy of the decisions
 * (`breaks/events/`), nothing else of the bucket.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ACTION_LIST_PREFIX } from '../../lambdas/core/action-list/store';
import { BREAK_EVENTS_TABLE } from '../../lambdas/core/breaks/lake-tables';
import { DEPOSIT_RESULTS_TABLE } from '../../lambdas/core/deposits/results-table';
import { ENV } from '../../lambdas/core/env';
import { OVERCHARGES_PREFIX } from '../../lambdas/core/fee-audit/overcharges-lake';
import { TOUCHED_PREFIX } from '../../lambdas/core/receivable-store/touched';
import type { ReportLanguage } from '../../lambdas/core/report-language';
import { acknowledgeWildcards, nagArnOf } from '../constructs/nag';
import { ReconFunction } from '../constructs/recon-function';
import { InboxApi } from './inbox-api';

export const INBOX_PURPOSE = 'the web inbox: pendências, decisions, CSV, behind Cognito sign-in';

export interface InboxProps {
  readonly table: ITable;
  readonly bucket: IBucket;
  /** The stage's `recon` settings as JSON (accept reasons, tolerance, horizon). */
  readonly reconConfigJson: string;
  /** The stage's `reportLanguage`: the pages speak it, as the report does. */
  readonly reportLanguage: ReportLanguage;
  readonly loginDomainPrefix: string;
  readonly sessionMinutes: number;
  readonly tracing: boolean;
}

export class Inbox extends Construct {
  readonly api: InboxApi;
  readonly handler: ReconFunction;

  constructor(scope: Construct, id: string, props: InboxProps) {
    super(scope, id);
    this.api = new InboxApi(this, 'Web', {
      domainPrefix: props.loginDomainPrefix,
      idTokenMinutes: props.sessionMinutes,
    });
    this.handler = new ReconFunction(this, 'Function', {
      entry: 'lambdas/inbox/handler.ts',
      description: `recon: ${INBOX_PURPOSE}`,
      serviceName: 'recon-inbox',
      // A page is a listing of the pendências and a few reads; people wait on it.
      memorySize: 1024,
      timeout: Duration.seconds(29),
      tracing: props.tracing,
      environment: {
        [ENV.tableName]: props.table.tableName,
        [ENV.bucketName]: props.bucket.bucketName,
        [ENV.reconConfig]: props.reconConfigJson,
        [ENV.reportLanguage]: props.reportLanguage,
        ...this.api.environment(),
      },
    });
    this.api.serveWith(this.handler.function);
    this.grant(props);
  }

  private grant({ table, bucket }: InboxProps): void {
    const role = this.handler.role;
    table.grantReadWriteData(role);
    const results = DEPOSIT_RESULTS_TABLE.prefix;
    const events = BREAK_EVENTS_TABLE.prefix;
    // The fee lines kept night to night are the fee pendências' own (breaks/fee-breaks.ts).
    const read = [results, OVERCHARGES_PREFIX, ACTION_LIST_PREFIX, TOUCHED_PREFIX];
    // A match by hand logs the receivables it writes for the next night, as a batch does.
    const put = [events, TOUCHED_PREFIX];
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: read.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: put.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': read.map((prefix) => `${prefix}*`) } },
      }),
    );
    const lake = nagArnOf(bucket);
    acknowledgeWildcards(
      role,
      [...new Set([...read, ...put])].map((prefix) => `Resource::${lake}/${prefix}*`),
      "Pages list the pendências (the kept action list and the touched log since it), read the deposit results and the kept fee lines, copy each decision to the lake's audit log and log the receivables a match by hand writes: those prefixes only.",
    );
  }
}
