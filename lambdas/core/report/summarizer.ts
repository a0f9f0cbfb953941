/**
 * The workflow's last step: turn what the run learned into a summary, store it (JSON + HTML) and
 * tell people. Side effects come in as functions so that the Lambda (S3/SNS), the local runner
 * (s3rver + files) and tests (fakes) share this code.
 */

import { accountAcquirersOf } from '../book/lifecycle';
import type { BookView, SummaryReceivable } from '../book/types';
import type { IsoDate } from '../calendar';
import { LATEST_REPORT_KEY, latestReportText } from '../latest-report';
import { fullListName } from '../report-kit/short-list';
import type { SummaryInput } from '../workflow/contracts';
import { bookFromReceivables, buildRunSummaryFromBook } from './compute';
import { fullListsOf, type ReadActionItems, writeFullLists } from './full-lists';
import { renderHtmlReport } from './html';
import { textsFor } from './i18n';
import { summaryMessage, summarySubject } from './message';
import type { ReportLinker } from './report-link';
import type { DepositsQuery, FeesQuery, SectionsSummary } from './sections';
import type { ReportLanguage, RunSummary } from './types';

/** A section's part of the summary, as its reader returns it. */
type Part<K extends keyof SectionsSummary> = NonNullable<SectionsSummary[K]>;

/**
 * Where the whole book's figures come from: the kept totals (`readBook`, what the nightly run uses,
 * work independent of the book's size), or every receivable (`listReceivables`, small books and tests).
 */
export type BookSource<R extends SummaryReceivable = SummaryReceivable> =
  | { readonly readBook: (asOf: IsoDate) => Promise<BookView> }
  | { readonly listReceivables: () => AsyncIterable<R> | Promise<readonly R[]> };

export type SummarizerDeps<R extends SummaryReceivable = SummaryReceivable> = BookSource<R> & {
  readonly writeObject: (key: string, body: string, contentType: string) => Promise<void>;
  readonly publish: (subject: string, message: string) => Promise<void>;
  /** How the message's reader opens the HTML report (a presigned link deployed, a file locally). */
  readonly reportLink: ReportLinker;
  readonly now: () => Date;
  /** The report's and message's language (stage setting `reportLanguage`, `recon run --lang`). */
  readonly language: ReportLanguage;
  /** The fee audit's section for the run (docs/fee-audit.md); absent: no section. */
  readonly feeAudit?: (asOf: IsoDate) => Promise<Part<'feeAudit'>>;
  /** The period's account-level fees and debits (account-items/period-fees.ts); without it the report has no such section. */
  readonly readFees?: (query: FeesQuery) => Promise<Part<'fees'>>;
  /** The bank leg's "Depósitos" for the run's period (docs/deposits.md); absent: no section. */
  readonly deposits?: (query: DepositsQuery) => Promise<Part<'deposits'>>;
  /** The pendências by status (docs/breaks.md); absent: no section. */
  readonly breaks?: (asOf: IsoDate) => Promise<Part<'breaks'>>;
  /** Every receivable of an action category, for its full list; absent: the categories get none. */
  readonly readActionItems?: ReadActionItems;
  /** The web inbox's address (docs/inbox.md): what needs action links into it; absent: no links. */
  readonly inboxUrl?: string;
  /**
   * The night's ERP lines as the configured layout renders them in CSV (docs/erp-export.md), written
   * beside the report and linked from the message; absent, or a night without lines: no link.
   */
  readonly baixasCsv?: (
    asOf: IsoDate,
  ) => Promise<{ readonly csv: string; readonly lines: number } | undefined>;
};

/** The night's ERP lines written beside the report; undefined when the night has none. */
async function writeErpLines<R extends SummaryReceivable>(
  deps: SummarizerDeps<R>,
  asOf: IsoDate,
  key: (file: string) => string,
): Promise<RunSummary['erpLines']> {
  const baixas = await deps.baixasCsv?.(asOf);
  if (baixas === undefined) return undefined;
  await deps.writeObject(key(ERP_LINES_FILE), baixas.csv, 'text/csv; charset=utf-8');
  return { file: ERP_LINES_FILE, lines: baixas.lines };
}

const ERP_LINES_FILE = 'baixas.csv';

/** Object keys of one run's summary files in the lake bucket. */
export function summaryKeys(runId: string): { json: string; html: string } {
  return { json: summaryFileKey(runId, 'summary.json'), html: summaryFileKey(runId, 'report.html') };
}

/** The key of one of the run's files, beside its report (the full lists' CSVs too). */
export function summaryFileKey(runId: string, file: string): string {
  return `summaries/run=${encodeURIComponent(runId)}/${file}`;
}

async function collect<R>(source: AsyncIterable<R> | Promise<readonly R[]>): Promise<readonly R[]> {
  if (Symbol.asyncIterator in source) {
    const all: R[] = [];
    for await (const item of source) all.push(item);
    return all;
  }
  return source;
}

/** The summarize step's core: the Lambda, the local runner and tests differ only in `deps`. */
export function buildSummarizer<R extends SummaryReceivable>(deps: SummarizerDeps<R>) {
  return async function summarize(input: SummaryInput): Promise<RunSummary> {
    const book =
      'readBook' in deps
        ? await deps.readBook(input.asOf)
        : bookFromReceivables(await collect(deps.listReceivables()), input.asOf);
    const fees = await deps.readFees?.({
      acquirers: accountAcquirersOf(input.jobs),
      from: input.from,
      to: input.to,
      asOf: input.asOf,
    });
    const stamp = { finishedAt: deps.now(), language: deps.language };
    const feeAudit = await deps.feeAudit?.(input.asOf);
    const deposits = await deps.deposits?.({ from: input.from, to: input.to, asOf: input.asOf });
    const breaks = await deps.breaks?.(input.asOf);
    const built: RunSummary = {
      ...buildRunSummaryFromBook(input, book, stamp, fees),
      ...(feeAudit === undefined ? {} : { feeAudit }),
      ...(deposits === undefined ? {} : { deposits }),
      ...(breaks === undefined ? {} : { breaks }),
      ...(deps.inboxUrl === undefined ? {} : { inboxUrl: deps.inboxUrl }),
    };
    const lists = await fullListsOf(built, deps.readActionItems);
    const key = (file: string) => summaryFileKey(input.runId, file);
    const fullLists = await writeFullLists(lists, key, deps.writeObject);
    const erpLines = await writeErpLines(deps, input.asOf, key);
    const summary = {
      ...built,
      ...(lists.length === 0 ? {} : { fullLists }),
      ...(erpLines === undefined ? {} : { erpLines }),
    };
    const keys = summaryKeys(input.runId);
    await deps.writeObject(keys.json, `${JSON.stringify(summary, null, 2)}\n`, 'application/json');
    await deps.writeObject(keys.html, renderHtmlReport(summary), 'text/html; charset=utf-8');
    await deps.writeObject(LATEST_REPORT_KEY, latestReportText(summary, keys), 'application/json');
    // Each list opens as the report does: a presigned link deployed, the local copy's path locally.
    const listLinks = await Promise.all(
      lists.map(async (list) => ({
        label: list.label,
        link: await deps.reportLink(key(fullListName(list.name))),
      })),
    );
    // The night's ERP lines open as the lists do, after them.
    if (erpLines !== undefined) {
      const label = textsFor(summary.language).message.baixasFile(erpLines.lines);
      listLinks.push({ label, link: await deps.reportLink(key(erpLines.file)) });
    }
    const message = summaryMessage(summary, await deps.reportLink(keys.html), listLinks);
    await deps.publish(summarySubject(summary), message);
    return summary;
  };
}
