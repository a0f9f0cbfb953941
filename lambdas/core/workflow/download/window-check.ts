/**
 * A report must be the report of the window it was requested for. The lease (report/generation-lease.ts)
 * keeps recon from adopting another job's report; this check is the independent second line: the
 * records themselves must not contradict the requested movement period.
 *
 * Rule (docs/design.md "Window check"), per download batch, before its records are applied:
 * - a record whose layout gives its movement date (its `movementDate` column when the layout has one,
 *   else the sale date of an A1, the payment date of a D1: the provider puts records in a period by
 *   those dates) must lie inside the window itself. No
 *   slack: for a one-day nightly window a neighbouring day's record is another report's;
 * - a record dated only approximately (a D1 without payment date, dated by its due date) may lie up
 *   to `slackDays` outside, capped below the window's length, and at most `maxOutsideRatio` (≤ half)
 *   of those records may lie outside the window itself. So slack never lets a whole neighbouring
 *   window through: that window's records all lie outside this one;
 * - other codes say nothing (their dates' meaning is undocumented: a cancellation carries the
 *   original sale's date).
 */
import { addDays, daysBetween, type IsoDate } from '../../calendar';
import type { CanonicalRecord } from '../../ingest/records/canonical';

export interface WindowRule {
  /** How far outside the window an approximately dated record may lie (capped below the window's length). */
  readonly slackDays: number;
  /** Share of approximately dated records that may lie outside the window itself (0..0.5). */
  readonly maxOutsideRatio: number;
}

type DatedRecord = Pick<CanonicalRecord, 'recordType' | 'saleDate' | 'paymentDate' | 'dueDate'> &
  Partial<Pick<CanonicalRecord, 'movementDate'>>;

/** What a record tells about the day it moved: its movement date (`exact`) or a nearby date. */
interface MovementEvidence {
  readonly date: IsoDate;
  readonly exact: boolean;
}

/** The error name a job's `error` starts with when its report failed the window check (not retried). */
export const WINDOW_MISMATCH_ERROR = 'ReportWindowMismatchError';

export class ReportWindowMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = WINDOW_MISMATCH_ERROR;
  }
}

/**
 * Which date says, for the window check, when a record moved: the configured movement-date column
 * (`movementDate`) first, for every code, then the date the provider files A1 and D1 under. (The
 * lake's partition date is another rule, `ingest/lake/records-file.ts`.)
 */
function movementEvidence(record: DatedRecord): MovementEvidence | undefined {
  if (record.movementDate) return { date: record.movementDate, exact: true };
  if (record.recordType === 'A1' && record.saleDate !== null) return { date: record.saleDate, exact: true };
  if (record.recordType !== 'D1') return undefined;
  if (record.paymentDate !== null) return { date: record.paymentDate, exact: true };
  // A payment falls due about when it is paid; how far off, the layout does not say: slack.
  return record.dueDate === null ? undefined : { date: record.dueDate, exact: false };
}

type Window = { readonly from: IsoDate; readonly to: IsoDate };

const inside = (window: Window, date: IsoDate) => date >= window.from && date <= window.to;

function span(dates: IsoDate[]): string {
  const sorted = dates.sort();
  return `${sorted[0]}..${sorted.at(-1)}`;
}

/** Throws {@link ReportWindowMismatchError} when the batch's records contradict `window`. */
export function assertRecordsFitWindow(
  reportId: string,
  window: Window,
  records: readonly DatedRecord[],
  rule: WindowRule,
): void {
  const exact = { count: 0, outside: [] as IsoDate[] };
  const approximate = { count: 0, outside: [] as IsoDate[] };
  for (const record of records) {
    const evidence = movementEvidence(record);
    if (!evidence) continue;
    const tally = evidence.exact ? exact : approximate;
    tally.count++;
    if (!inside(window, evidence.date)) tally.outside.push(evidence.date);
  }
  const mismatch = (what: string) =>
    new ReportWindowMismatchError(
      `report ${reportId} does not belong to the window ${window.from}..${window.to}: ${what}`,
    );
  if (exact.outside.length > 0) {
    throw mismatch(
      `${exact.outside.length} of ${exact.count} A1/D1 records are dated ${span(exact.outside)}, outside it`,
    );
  }
  // Slack below the window's length, so not even one record can come from a whole window away.
  const slack = Math.min(rule.slackDays, daysBetween(window.from, window.to));
  const widened = { from: addDays(window.from, -slack), to: addDays(window.to, slack) };
  const tooFar = approximate.outside.filter((date) => !inside(widened, date));
  if (tooFar.length > 0) {
    throw mismatch(
      `${tooFar.length} of ${approximate.count} D1 records without a payment date are due ` +
        `${span(tooFar)}, more than ${slack} days outside it`,
    );
  }
  if (approximate.outside.length > rule.maxOutsideRatio * approximate.count) {
    throw mismatch(
      `${approximate.outside.length} of ${approximate.count} D1 records without a payment date are due ` +
        `${span(approximate.outside)}, outside it: more than ${rule.maxOutsideRatio} of them`,
    );
  }
}
