/**
 * A report must be the report of the window it was requested for. The lease (generation-lease.ts)
 * keeps recon from adopting another job's report; this check is the independent second line: the
 * records themselves must not contradict the requested movement period.
 *
 * Rule (docs/report-lifecycle.md): a record's movement date is its sale date for A1 and its payment
 * date for D1 (how the simulator, after the provider's documented meaning, puts records in a period).
 * Other codes and records without that date say nothing. In each download batch, when more than
 * `maxOutsideRatio` of the dated A1/D1 records fall outside `[from - slackDays, to + slackDays]`, the
 * report is another window's: the batch fails before its records are applied. The slack and the
 * majority rule leave room for a real provider that dates movement a few days off the sale or payment
 * (processing lag, weekends) without letting a whole other window through.
 */
import { addDays, type IsoDate } from '../calendar';
import type { CanonicalRecord } from '../records/canonical';

export interface WindowRule {
  readonly slackDays: number;
  /** Share of dated A1/D1 records that may lie outside the widened window (0..1). */
  readonly maxOutsideRatio: number;
}

type DatedRecord = Pick<CanonicalRecord, 'recordType' | 'saleDate' | 'paymentDate'>;

/** The job fails with this name (not retried): its report holds another period's records. */
/** The error name a job's `error` starts with when its report failed the window check. */
export const WINDOW_MISMATCH_ERROR = 'ReportWindowMismatchError';

export class ReportWindowMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = WINDOW_MISMATCH_ERROR;
  }
}

function movementDate(record: DatedRecord): IsoDate | null {
  if (record.recordType === 'A1') return record.saleDate;
  if (record.recordType === 'D1') return record.paymentDate;
  return null;
}

/** Throws {@link ReportWindowMismatchError} when the batch's records contradict `window`. */
export function assertRecordsFitWindow(
  reportId: string,
  window: { readonly from: IsoDate; readonly to: IsoDate },
  records: readonly DatedRecord[],
  rule: WindowRule,
): void {
  const earliest = addDays(window.from, -rule.slackDays);
  const latest = addDays(window.to, rule.slackDays);
  let dated = 0;
  const outside: IsoDate[] = [];
  for (const record of records) {
    const date = movementDate(record);
    if (date === null) continue;
    dated++;
    if (date < earliest || date > latest) outside.push(date);
  }
  if (dated === 0 || outside.length <= rule.maxOutsideRatio * dated) return;
  const sorted = outside.sort();
  throw new ReportWindowMismatchError(
    `report ${reportId} does not belong to the window ${window.from}..${window.to}: ` +
      `${outside.length} of ${dated} A1/D1 records are dated ${sorted[0]}..${sorted.at(-1)}, ` +
      `more than ${rule.slackDays} days outside it`,
  );
}
