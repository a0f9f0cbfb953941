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
 *
 * Twins and a correction together: settlements some report holds together whose copies no single
 * report states (two equal payments in one report, one of them restated with another amount in a
 * later one: no report ever held "35,00 twice and 36,00") follow the LATEST report that holds them,
 * with the copies it states, flagged POSSIBLE_CORRECTION; never the maximum of each over reports.
 *
 * Lifecycle records (cancellations, chargebacks, reversals, advances, adjustments) follow the same
 * rule per role: a chargeback restated in a later report with another amount supersedes the first
 * and is flagged, never summed (`countedEvents`).
 *
 * An installment both advanced and paid counts once: when the advances (what they paid early plus
 * their fees) cover what is expected in full, they settle it, its payments are set aside and the
 * receivable is flagged ADVANCE_AND_PAYMENT, for a person to check that the acquirer did not pay
 * twice. A partial advance leaves the rest to a payment: both count (`countedContributions`).
 *
 * Settlements moved here by a manual match (`origin`, breaks/manual-match.ts) are corrected only
 * among those of the same origin (two mistyped payments are two payments). A payment under the
 * receivable's own key sets every moved one aside: the data now says which payment it was, and the
 * same money is never counted twice (flagged MATCH_CONFLICT).
 */
import type { Cents } from '../money';
import type { RoleContribution } from './lifecycle';
import type { Forecast, ReceivableContent, Settlement } from './matcher';
import { copiesPerReport, type Occurrences, reportOf } from './occurrences';

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

/** What may correct one another: one payment date (and one movement date where known). */
interface Countable {
  readonly hash: string;
  readonly netCents: Cents;
  readonly paymentDate: string | null;
  readonly movementDate: string | null;
  readonly occurrences: Occurrences;
}

export interface Counted<T> {
  readonly counted: readonly T[];
  /** Some contribution was set aside as corrected by a later report's: a person should look. */
  readonly correction: boolean;
}

export type CountedSettlements = Counted<Settlement>;

export function countedSettlements(settlements: readonly Settlement[]): CountedSettlements {
  const own = settlements.filter((s) => s.origin === undefined);
  if (own.length > 0 || own.length === settlements.length) return countedByCorrection(own);
  const counted: Settlement[] = [];
  let correction = false;
  for (const group of groupBy(settlements, (s) => s.origin ?? '').values()) {
    const result = countedByCorrection(group);
    counted.push(...result.counted);
    correction ||= result.correction;
  }
  return { counted, correction };
}

/** Payments of its own and payments matched to it by hand: only its own count. */
const isMatchConflict = (settlements: readonly Settlement[]) =>
  settlements.some((s) => s.origin === undefined) && settlements.some((s) => s.origin !== undefined);

/** The lifecycle records that count: the correction rule within each role. */
export function countedEvents(events: readonly RoleContribution[] = []): Counted<RoleContribution> {
  const counted: RoleContribution[] = [];
  let correction = false;
  for (const group of groupBy(events, (e) => e.role).values()) {
    const result = countedByCorrection(group);
    counted.push(...result.counted);
    correction ||= result.correction;
  }
  return { counted, correction };
}

export interface CountedContributions {
  readonly settlements: CountedSettlements;
  readonly events: Counted<RoleContribution>;
  /** Advanced and paid: the advance counts, the payments are set aside. */
  readonly advancedAndPaid: boolean;
  /** Its own payment and payments matched to it by hand: the matched ones are set aside. */
  readonly matchConflict: boolean;
}

/** Which settlements and lifecycle records of a receivable count (the rules above). */
export function countedContributions(
  content: Pick<ReceivableContent, 'forecasts' | 'settlements' | 'events'>,
): CountedContributions {
  const events = countedEvents(content.events);
  const settlements = countedSettlements(content.settlements);
  const matchConflict = isMatchConflict(content.settlements);
  const forecast = comparedForecast(content.forecasts).forecast;
  if (forecast === undefined || settlements.counted.length === 0) {
    return { settlements, events, advancedAndPaid: false, matchConflict };
  }
  const total = (role: string, amount: (e: RoleContribution) => Cents) =>
    events.counted.reduce((sum, e) => (e.role === role ? sum + amount(e) * e.occurrences.copies : sum), 0);
  const advanced = total('ADVANCE', (e) => e.netCents + (e.feeCents ?? 0));
  const expected =
    forecast.netCents - total('CANCELLATION', (e) => e.netCents) + total('ADJUSTMENT', (e) => e.netCents);
  // A partial advance leaves the rest to be paid on the due date: both count. One that covered the
  // whole installment leaves nothing for a payment to settle.
  if (advanced === 0 || advanced < expected)
    return { settlements, events, advancedAndPaid: false, matchConflict };
  return { settlements: { ...settlements, counted: [] }, events, advancedAndPaid: true, matchConflict };
}

function countedByCorrection<T extends Countable>(items: readonly T[]): Counted<T> {
  const counted: T[] = [];
  let correction = false;
  for (const group of paymentGroups(items)) {
    const byReport = heldTogether(group);
    if (byReport.size === 1) {
      const restated = latestStatement(group);
      counted.push(...(restated ?? group));
      correction ||= restated !== undefined;
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
 * For contributions held together whose copies no single report states, the latest report's
 * statement (members it holds, with the copies it states); undefined when one report states them
 * all, or when page counts no longer tell.
 */
function latestStatement<T extends Countable>(group: readonly T[]): T[] | undefined {
  const views = group.map((member) => copiesPerReport(member.occurrences));
  if (views.some((view) => view.size === 0)) return undefined;
  const reports = new Set(views.flatMap((view) => [...view.keys()]));
  const states = (report: string) => group.every((m, i) => views[i]?.get(report) === m.occurrences.copies);
  if ([...reports].some(states)) return undefined;
  const latest = [...reports].reduce((max, r) => (r > max ? r : max), '');
  return group.flatMap((member, i) => {
    const copies = views[i]?.get(latest) ?? 0;
    return copies > 0 ? [{ ...member, occurrences: { ...member.occurrences, copies } }] : [];
  });
}

/**
 * The settlements of a group by the report that brought them, where reports that held one same
 * settlement count as one (its page counts say so while they are kept, `OCCURRENCE_RETENTION_DAYS`):
 * keyed by the latest first report among the members.
 */
function heldTogether<T extends Countable>(group: readonly T[]): Map<string, T[]> {
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
  const latestFirst = (members: readonly T[]) =>
    members.map((s) => s.occurrences.firstReport).reduce((max, r) => (r > max ? r : max));
  const components = groupBy(group, (s) => root(s.occurrences.firstReport)).values();
  return new Map([...components].map((members) => [latestFirst(members), members]));
}

/** Settlements that may correct one another: one payment date, and one movement date where known. */
function paymentGroups<T extends Countable>(settlements: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const group of groupBy(settlements, (s) => s.paymentDate ?? '').values()) {
    if (group.every((s) => s.movementDate !== null)) {
      groups.push(...groupBy(group, (s) => s.movementDate as string).values());
    } else {
      groups.push(group);
    }
  }
  return groups;
}

export function sumOf(settlements: readonly Countable[]): Cents {
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
