/** The run summary's dependencies (the summarize Lambda and the local world). */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { buildAccountStore } from '../../core/account/account-items';
import { buildBankStore } from '../../core/bank/bank-store';
import { buildStatementImporter } from '../../core/bank/import';
import { anyStatementTaken, importInbox } from '../../core/bank/inbox';
import { buildDepositReconciler } from '../../core/deposits/reconcile';
import { writeDepositResults } from '../../core/deposits/results-lake';
import { buildFeeAuditReader } from '../../core/fees/section';
import { buildTouchedLog } from '../../core/recon/touched';
import { depositsSectionOf } from '../../core/summary/deposits-source';
import { buildFeesReader } from '../../core/summary/fees';
import type { ReportLinker } from '../../core/summary/report-link';
import { buildSummarizer } from '../../core/summary/summarizer';
import { readExpectedDeposits } from '../../core/totals/expected-deposits';
import { buildBookReader } from '../../core/totals/reader';
import { buildTotalsStore } from '../../core/totals/store';
import type { WorkflowConfig } from '../../core/workflow/config';
import type { WorkflowDeps } from '../../core/workflow/deps';
import { presignedReportLinker } from '../report-links';
import type { LakeWiring } from './lake';

export interface SummaryWiring extends LakeWiring {
  readonly workflowConfig: WorkflowConfig;
  /** SNS publish of the run summary. */
  readonly publish: (subject: string, message: string) => Promise<void>;
  /** How the message's reader opens the report; default a presigned link made with `s3` (deployed). */
  readonly reportLink?: ReportLinker;
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
}

export function buildSummaryDeps(wiring: SummaryWiring): WorkflowDeps['summarize'] {
  const { ddb, tableName, s3, bucket, reconConfig: config, workflowConfig, now, warn } = wiring;
  const writeObject = async (key: string, body: string, contentType: string) => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
  };
  const accounts = buildAccountStore({
    ddb,
    tableName,
    now,
    reasonColumns: config.recordReasonColumns ?? [],
  });
  const bank = buildBankStore({ ddb, tableName, now });
  const importStatement = buildStatementImporter({
    s3,
    bucket,
    store: bank,
    identity: config.deposits.statementIdentity,
  });
  const totals = buildTotalsStore({ ddb, tableName, now });
  const reconcileDeposits = buildDepositReconciler({
    config,
    importInbox: () => importInbox({ s3, bucket, importStatement }),
    anyStatement: () => anyStatementTaken(s3, bucket),
    readExpected: (query) => readExpectedDeposits({ ddb, tableName, config, totals, accounts }, query),
    listTransactions: (from, to) => bank.list(from, to),
    writeResults: async (results, range) => {
      await writeDepositResults(s3, bucket, results, range);
    },
  });
  const summarize = buildSummarizer({
    readBook: buildBookReader({ ddb, tableName, config, now }),
    writeObject,
    publish: wiring.publish,
    reportLink:
      wiring.reportLink ?? presignedReportLinker({ s3, bucket, hours: workflowConfig.reportLinkHours, warn }),
    now,
    language: workflowConfig.reportLanguage,
    feeAudit: buildFeeAuditReader({ s3, bucket, config, touched: buildTouchedLog({ s3, bucket }) }),
    readFees: buildFeesReader(accounts.list),
    deposits: depositsSectionOf(reconcileDeposits, warn),
  });
  return (input) => summarize(input);
}
