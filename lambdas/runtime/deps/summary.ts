/** The run summary's dependencies (the summarize Lambda and the local world). */

import { PutObjectCommand } from '@aws-sdk/client-s3';
import { buildAccountStore } from '../../core/account-items/account-items';
import { buildFeesReader, type FeesQuery, type PeriodFees } from '../../core/account-items/period-fees';
import { buildActionList } from '../../core/action-list/store';
import { type AccountNight, buildAccountLinesExport } from '../../core/baixas/account-lines';
import { writeBaixasManifest } from '../../core/baixas/manifest';
import { GENERIC_MAPPING } from '../../core/baixas/mapping';
import { nightCsv } from '../../core/baixas/night-file';
import { buildBookReader } from '../../core/book/reader';
import type { IsoDate } from '../../core/calendar';
import { anyStatementTaken } from '../../core/deposits/bank/inbox';
import { readDepositResults } from '../../core/deposits/results-lake';
import { buildDepositsSectionReader } from '../../core/deposits/section-reader';
import { buildNightEvents, type EventSink } from '../../core/events/night';
import { readPreviousBreaks } from '../../core/events/previous-breaks';
import { buildFeeAuditNight } from '../../core/fee-audit/section-reader';
import { linesHorizonDays, overchargeKeeper } from '../../core/fee-audit/standing';
import { buildTouchedLog } from '../../core/receivable-store/touched';
import type { ReportLinker } from '../../core/report/report-link';
import { buildSummarizer } from '../../core/report/summarizer';
import type { WorkflowConfig } from '../../core/workflow/config';
import type { WorkflowDeps } from '../../core/workflow/deps';
import { presignedReportLinker } from '../report-links';
import { buildBreaksService } from './breaks';
import type { LakeWiring } from './lake';
import { summaryBreaks } from './summary-breaks';

export interface SummaryWiring extends LakeWiring {
  readonly workflowConfig: WorkflowConfig;
  /** SNS publish of the run summary. */
  readonly publish: (subject: string, message: string) => Promise<void>;
  /** How the message's reader opens the report; default a presigned link made with `s3` (deployed). */
  readonly reportLink?: ReportLinker;
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
  /** The web inbox's address (the stack's InboxUrl, `recon run --inbox-url`); absent: no links into it. */
  readonly inboxUrl?: string;
  /** Where the night's events go (docs/events.md): the bus deployed, a file locally; absent, none are made. */
  readonly events?: EventSink;
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
  const touched = buildTouchedLog({ s3, bucket });
  const breaksService = buildBreaksService(wiring);
  const breaks = summaryBreaks({
    breaks: breaksService,
    s3,
    bucket,
    readBook: buildBookReader({ ddb, tableName, config, now }),
    actionList: buildActionList({ ddb, tableName, s3, bucket, config, touched, warn }),
  });
  // The night's fee lines, kept for the pendências before anything lists them (the book is read first).
  const feeNight = oncePerDate(
    buildFeeAuditNight({
      s3,
      bucket,
      config,
      touched,
      keep: overchargeKeeper(s3, bucket, linesHorizonDays(config)),
    }),
  );
  const summarize = buildSummarizer({
    readBook: breaks.readBook,
    readActionItems: breaks.readActionItems,
    writeObject,
    publish: wiring.publish,
    reportLink:
      wiring.reportLink ?? presignedReportLinker({ s3, bucket, hours: workflowConfig.reportLinkHours, warn }),
    now,
    language: workflowConfig.reportLanguage,
    feeAudit: breaks.feeAudit(feeNight.read),
    readFees: postingAccountLines(buildFeesReader(accounts.list), buildAccountLinesExport({ s3, bucket })),
    // What the matchDeposits step stored this night: the summary takes no statement in and writes no result.
    deposits: breaks.deposits(
      buildDepositsSectionReader({
        config,
        anyStatement: () => anyStatementTaken(s3, bucket),
        readResults: (range) => readDepositResults(s3, bucket, range),
      }),
    ),
    breaks: breaks.section,
    baixasCsv: (asOf) => nightCsv({ s3, bucket }, asOf, config.erpExport ?? GENERIC_MAPPING),
    ...(wiring.inboxUrl === undefined ? {} : { inboxUrl: wiring.inboxUrl }),
  });
  const nightEvents =
    wiring.events &&
    buildNightEvents({
      touched,
      previousBreaks: (asOf) => readPreviousBreaks({ s3, bucket }, asOf),
      history: breaksService.history,
      sink: wiring.events,
    });
  return async (input) => {
    breaks.reset();
    feeNight.reset();
    await feeNight.read(input.asOf);
    const summary = await summarize(input);
    // Every part of the night's ERP lines is written by now (segments, deposits, write-offs, account items).
    await writeBaixasManifest({ s3, bucket }, input.asOf);
    // After the summary is out: a bus that refuses fails the night loudly, the morning message still went.
    const { environment, asOf } = input;
    await nightEvents?.({ environment, asOf, views: await breaks.views(asOf) });
    return summary;
  };
}

/** The fees reader, posting the ERP lines of the account items it read (baixas/account-lines.ts). */
function postingAccountLines(
  read: (query: FeesQuery) => Promise<PeriodFees>,
  post: (night: AccountNight) => Promise<number>,
) {
  return async (query: FeesQuery): Promise<PeriodFees> => {
    const fees = await read(query);
    const range = { from: query.from, to: query.to };
    await post({ night: query.asOf, acquirers: query.acquirers, range, items: fees.items ?? [] });
    return fees;
  };
}

/** One read per business date until reset: the night's audit is read by the pendências and the section. */
function oncePerDate<T>(read: (asOf: IsoDate) => Promise<T>) {
  let held: { readonly asOf: IsoDate; readonly value: Promise<T> } | undefined;
  return {
    read: (asOf: IsoDate) => {
      if (held?.asOf !== asOf) held = { asOf, value: read(asOf) };
      return held.value;
    },
    reset: () => {
      held = undefined;
    },
  };
}
