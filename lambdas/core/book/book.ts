/**
 * The book as the summary shows it, read from the kept-up totals (cells.ts) as of a business date.
 * The only date-dependent parts, OPEN versus OVERDUE and days late, come from the unpaid cells per
 * due date, so the view is exact for any date without touching a receivable.
 */
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { isPastGrace } from '../receivables/status';
import { byAcquirerFromCells, completeSplit } from './acquirer-cells';
import { bucketsOf, type UnpaidOnDate } from './aging-buckets';
import { type Cells, cell, parseCell } from './cells';
import { liveCells } from './expiry';
import {
  ACTION_STATES,
  type ActionItem,
  type BookView,
  type MoneyTotals,
  SUMMARY_STATES,
  type WeeklyPoint,
} from './types';

const EMPTY: MoneyTotals = { count: 0, forecastNetCents: 0, settledNetCents: 0, differenceCents: 0 };

function plus(t: MoneyTotals, count: number, forecast: number, settled: number): MoneyTotals {
  return {
    count: t.count + count,
    forecastNetCents: t.forecastNetCents + forecast,
    settledNetCents: t.settledNetCents + settled,
    differenceCents: t.differenceCents + settled - forecast,
  };
}

/** Unpaid money per due date, with the state it is in on `asOf`, its forecast and what is still owed. */
function unpaidByDate(cells: Cells, asOf: IsoDate, graceDays: number) {
  const get = (kind: string, due: string) => cells[cell(kind, due)] ?? 0;
  return Object.keys(cells)
    .map(parseCell)
    .filter(({ kind }) => kind === 'un')
    .map(({ bucket }) => {
      const dueDate = bucket === '' ? null : bucket;
      return {
        dueDate,
        state: isPastGrace(dueDate, asOf, graceDays) ? 'OVERDUE' : 'OPEN',
        count: get('un', bucket),
        amountCents: get('uf', bucket),
        atStakeCents: get('ua', bucket),
      };
    });
}

function weeklyOf(cells: Cells): WeeklyPoint[] {
  const weeks = new Map<IsoDate, WeeklyPoint>();
  for (const [name, value] of Object.entries(cells)) {
    const { kind, bucket } = parseCell(name);
    if (kind !== 'wf' && kind !== 'ws') continue;
    const week = weeks.get(bucket) ?? { weekStart: bucket, forecastNetCents: 0, settledNetCents: 0 };
    weeks.set(
      bucket,
      kind === 'wf'
        ? { ...week, forecastNetCents: week.forecastNetCents + value }
        : { ...week, settledNetCents: week.settledNetCents + value },
    );
  }
  return [...weeks.values()].sort((a, b) => a.weekStart.localeCompare(b.weekStart));
}

/**
 * The view of the book on `asOf` from its cells (kept or recounted, expiry buckets included: see
 * expiry.ts) and each action state's largest items (from the night's action list, see reader.ts).
 */
export function bookFromCells(
  keptCells: Cells,
  asOf: IsoDate,
  config: Pick<ReconConfig, 'graceDays'>,
  largest: Readonly<Record<string, readonly ActionItem[]>>,
): BookView {
  const cells = liveCells(keptCells, asOf);
  const get = (kind: string, bucket = '') => cells[cell(kind, bucket)] ?? 0;
  const byStatus: Record<string, MoneyTotals> = Object.fromEntries(SUMMARY_STATES.map((s) => [s, EMPTY]));
  const atStake: Record<string, number> = {};
  for (const state of SUMMARY_STATES) {
    byStatus[state] = plus(EMPTY, get('n', state), get('f', state), get('s', state));
    atStake[state] = get('a', state);
  }
  const unpaid = unpaidByDate(cells, asOf, config.graceDays);
  for (const u of unpaid) {
    byStatus[u.state] = plus(byStatus[u.state] ?? EMPTY, u.count, u.amountCents, 0);
    atStake[u.state] = (atStake[u.state] ?? 0) + u.atStakeCents;
  }
  const total = Object.values(byStatus).reduce(
    (sum, t) => plus(sum, t.count, t.forecastNetCents, t.settledNetCents),
    EMPTY,
  );
  return {
    receivables: { total, byStatus },
    agingBuckets: bucketsOf(unpaid satisfies UnpaidOnDate[], asOf),
    weekly: weeklyOf(cells),
    attention: ACTION_STATES.map((state) => ({
      state,
      count: byStatus[state]?.count ?? 0,
      amountCents: atStake[state] ?? 0,
      largest: largest[state] ?? [],
    })),
    capped: { count: get('cn'), amountCents: get('ca') },
    lifecycle: { cancelledNetCents: get('lc'), chargedBackNetCents: get('lk'), advanceFeeCents: get('lv') },
    byAcquirer: completeSplit(byAcquirerFromCells(cells, asOf, config.graceDays), total),
  };
}

/** Due dates with receivables stored OPEN that are past grace on `asOf`: aging's work list. */
export function openDatesPastGrace(cells: Cells, asOf: IsoDate, graceDays: number): IsoDate[] {
  return Object.entries(liveCells(cells, asOf))
    .map(([name, count]) => ({ ...parseCell(name), count }))
    .filter(({ kind, bucket, count }) => kind === 'o' && count > 0 && isPastGrace(bucket, asOf, graceDays))
    .map(({ bucket }) => bucket)
    .sort();
}
