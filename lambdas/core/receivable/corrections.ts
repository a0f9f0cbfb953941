/**
 * Which of a receivable's contributions count, when a report corrects an earlier one. One rule, the
 * same whatever order the records arrived in, never a pick by hash order:
 *
 * Forecasts: the LATEST supersedes the others. Later means a later movement date when every forecast
 * carries one, else a later first report (the generation date of the earliest report that held it).
 * When two or more share the latest date (one report holds both, or two reports of one day), nothing
 * tells which is right: the largest of them is compared (so the receivable never looks paid on the
 * smaller guess) and the reason is DUPLICATE_FORECAST. A forecast given twice in one report is too.
 *
 * Settlements: the ones of one payment date form a group; where every one of them carries a movement
 * date, each movement date is a group of its own (payments registered on different days are distinct
 * payments, equal or not). Within a group, settlements first seen in one report are payments of that
 * report and all count; so do settlements some report holds together (a job that failed half-way
 * brought the first of two payments, its re-run's report both: they are two payments, not a
 * correction). Settlements of one group first seen in DIFFERENT reports, never held together, look like a correction
 * (the same payment re-sent with another amount): only those of the latest report count, and the
 * receivable is flagged POSSIBLE_CORRECTION; never summed. When several reports of the latest date
 * each brought their own, the smallest of their sums counts (the receivable never looks paid on a
 * guess), flagged the same way.
 */
import type { Cents } from '../money';
import type { Forecast, Settlement } from './matcher';
import { reportOf } from './occurrences';

/** Generation date of a report key `<generatedOn>|<reportId>` (`''`, the earliest, when unknown). */
function dayOf(report: string): string {
  return report.slice(0, 10);
}

export interface ComparedForecast {
  readonly forecast: Forecast | undefined;
  /** Two forecasts equally recent, or one given twice in a report: a person should look. */
  readonly duplicate: boolean;
}

export function comparedForecast(forecasts: readonly Forecast[]): ComparedForecast {
  const byMovement = forecasts.every((f) => f.movementDate !== null);
  const recency = (f: Forecast) => `${byMovement ? f.movementDate : ''}|${dayOf(f.occurrences.firstReport)}`;
  const latest = forecasts.reduce((max, f) => (recency(f) > max ? recency(f) : max), '');
  const tied = forecasts.filter((f) => recency(f) === latest);
  const forecast = tied.reduce<Forecast | undefined>(
    (largest, f) => (largest === undefined || f.netCents > largest.netCents ? f : largest),
    undefined,
  );
  return { forecast, duplicate: tied.length > 1 || (forecast?.occurrences.copies ?? 0) > 1 };
}

export interface CountedSettlements {
  readonly counted: readonly Settlement[];
  /** Some settlement was set aside as corrected by a later report's: a person should look. */
  readonly correction: boolean;
}

export function countedSettlements(settlements: readonly Settlement[]): CountedSettlements {
  const counted: Settlement[] = [];
  let correction = false;
  for (const group of paymentGroups(settlements)) {
    const byReport = heldTogether(group);
    if (byReport.size === 1) {
      counted.push(...group);
      continue;
    }
    correction = true;
    const latest = [...byReport.keys()].map(dayOf).reduce((max, day) => (day > max ? day : max), '');
    const candidates = [...byReport]
      .filter(([report]) => dayOf(report) === latest)
      .map(([report, members]) => ({ report, members, cents: sumOf(members) }))
      // Smallest sum first; equal sums are equal money, ordered by report only to be deterministic.
      .sort((a, b) => a.cents - b.cents || (a.report < b.report ? -1 : 1));
    counted.push(...(candidates[0]?.members ?? []));
  }
  return { counted, correction };
}

/**
 * The settlements of a group by the report that brought them, where reports that held one same
 * settlement count as one (its page counts say so while they are kept, `OCCURRENCE_RETENTION_DAYS`):
 * keyed by the latest first report among the members.
 */
function heldTogether(group: readonly Settlement[]): Map<string, Settlement[]> {
  const parent = new Map<string, string>();
  const root = (report: string): string => {
    const up = parent.get(report);
    return up === undefined ? report : root(up);
  };
  for (const { occurrences } of group) {
    for (const key of Object.keys(occurrences.pages)) {
      const [a, b] = [root(occurrences.firstReport), root(reportOf(key))];
      if (a !== b) parent.set(a, b);
    }
  }
  const latestFirst = (members: readonly Settlement[]) =>
    members.map((s) => s.occurrences.firstReport).reduce((max, r) => (r > max ? r : max));
  const components = groupBy(group, (s) => root(s.occurrences.firstReport)).values();
  return new Map([...components].map((members) => [latestFirst(members), members]));
}

/** Settlements that may correct one another: one payment date, and one movement date where known. */
function paymentGroups(settlements: readonly Settlement[]): Settlement[][] {
  const groups: Settlement[][] = [];
  for (const group of groupBy(settlements, (s) => s.paymentDate ?? '').values()) {
    if (group.every((s) => s.movementDate !== null)) {
      groups.push(...groupBy(group, (s) => s.movementDate as string).values());
    } else {
      groups.push(group);
    }
  }
  return groups;
}

export function sumOf(settlements: readonly Settlement[]): Cents {
  return settlements.reduce((sum, s) => sum + s.netCents * s.occurrences.copies, 0);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
