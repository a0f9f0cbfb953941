/**
 * The pointer to the report of the run that finished last, `summaries/latest.json`, written by the
 * summarize step beside the run's own files, after the report and before the morning message. Run
 * ids are execution names (random for scheduled runs), so no listing of `summaries/` tells which
 * run is the latest; `recon report --latest` reads this instead (docs/deploy.md step 8).
 */
import { z } from 'zod';
import { isoDateSchema } from './calendar';

export const LATEST_REPORT_KEY = 'summaries/latest.json';

export const latestReportSchema = z.object({
  runId: z.string().min(1),
  from: isoDateSchema,
  to: isoDateSchema,
  asOf: isoDateSchema,
  finishedAt: z.string(),
  outcome: z.enum(['SUCCEEDED', 'FAILED']),
  /** Object keys of the run's files, in the same bucket. */
  summaryKey: z.string().min(1),
  reportKey: z.string().min(1),
});

export type LatestReport = z.output<typeof latestReportSchema>;

/** The pointer to `summary`'s files, as stored. */
export function latestReportText(
  summary: Omit<LatestReport, 'summaryKey' | 'reportKey'>,
  keys: { readonly json: string; readonly html: string },
): string {
  const { runId, from, to, asOf, finishedAt, outcome } = summary;
  const latest: LatestReport = {
    runId,
    from,
    to,
    asOf,
    finishedAt,
    outcome,
    summaryKey: keys.json,
    reportKey: keys.html,
  };
  return `${JSON.stringify(latest, null, 2)}\n`;
}
