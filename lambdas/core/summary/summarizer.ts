/**
 * The workflow's last step: turn what the run learned into a summary, store it (JSON + HTML) and
 * tell people. Side effects come in as functions so that the Lambda (S3/SNS), the local runner
 * (s3rver + files) and tests (fakes) share this code.
 */
import type { SummaryInput } from '../workflow/contracts';
import { buildRunSummary } from './compute';
import { renderHtmlReport } from './html';
import { summaryMessage, summarySubject } from './message';
import type { ReportLanguage, RunSummary, SummaryReceivable } from './types';

export interface SummarizerDeps<R extends SummaryReceivable = SummaryReceivable> {
  /** Every receivable known now (not only this run's): the report shows the whole book. */
  readonly listReceivables: () => AsyncIterable<R> | Promise<readonly R[]>;
  readonly writeObject: (key: string, body: string, contentType: string) => Promise<void>;
  readonly publish: (subject: string, message: string) => Promise<void>;
  readonly now: () => Date;
  /** The report's and message's language (stage setting `reportLanguage`, `recon run --lang`). */
  readonly language: ReportLanguage;
}

/** Object keys of one run's summary files in the lake bucket. */
export function summaryKeys(runId: string): { json: string; html: string } {
  const prefix = `summaries/run=${encodeURIComponent(runId)}`;
  return { json: `${prefix}/summary.json`, html: `${prefix}/report.html` };
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
    const receivables = await collect(deps.listReceivables());
    const summary = buildRunSummary(input, receivables, { finishedAt: deps.now(), language: deps.language });
    const keys = summaryKeys(input.runId);
    await deps.writeObject(keys.json, `${JSON.stringify(summary, null, 2)}\n`, 'application/json');
    await deps.writeObject(keys.html, renderHtmlReport(summary), 'text/html; charset=utf-8');
    await deps.publish(summarySubject(summary), summaryMessage(summary, keys.html));
    return summary;
  };
}
