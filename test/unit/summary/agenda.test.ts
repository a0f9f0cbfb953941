import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildWeeklyAgenda,
  CHART_WEEKS_AFTER,
  CHART_WEEKS_BEFORE,
  chartWindow,
  weekStartOf,
} from '../../../lambdas/core/book/agenda';
import { compareActionItems, offerTopItem, toActionItem } from '../../../lambdas/core/book/attention';
import { addDays, daysBetween, fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import { niceStep } from '../../../lambdas/core/report/chart';

const anyDate = fc
  .integer({ min: toEpochDay('2000-01-01'), max: toEpochDay('2100-12-31') })
  .map(fromEpochDay);

describe('weekly agenda', () => {
  it('puts every date in the week that starts on the Monday before or on it', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const monday = weekStartOf(date);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(daysBetween(monday, date)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, date)).toBeLessThan(7);
      }),
    );
  });

  it('the chart spans calendar weeks around the as-of date, and tells what it leaves out', () => {
    const asOf = '2025-04-09';
    const weekly = buildWeeklyAgenda([
      { status: 'SETTLED', forecastNetCents: 100, settledNetCents: 100, dueDate: '2023-01-02' },
      { status: 'OPEN', forecastNetCents: 200, settledNetCents: null, dueDate: '2025-04-20' },
      { status: 'OPEN', forecastNetCents: 300, settledNetCents: null, dueDate: '2099-01-01' },
    ]);
    const window = chartWindow(weekly, asOf);
    expect(window.weeks.map((w) => [w.weekStart, w.forecastNetCents])).toEqual([
      ['2025-04-07', 0],
      ['2025-04-14', 200],
    ]);
    expect(window).toMatchObject({ outsideWeeks: 2, outsideForecastCents: 400 });
    const edges = buildWeeklyAgenda(
      [-CHART_WEEKS_BEFORE, CHART_WEEKS_AFTER, CHART_WEEKS_AFTER + 1].map((w) =>
        weeklyOpen(addDays(asOf, 7 * w)),
      ),
    );
    const wide = chartWindow(edges, asOf);
    expect(wide.weeks).toHaveLength(CHART_WEEKS_BEFORE + CHART_WEEKS_AFTER + 1);
    expect(wide.weeks[0]?.weekStart).toBe(addDays('2025-04-07', -7 * CHART_WEEKS_BEFORE));
    expect(wide).toMatchObject({ outsideWeeks: 1, outsideForecastCents: 1 });
  });

  it('picks round gridline steps: 1, 2 or 5 times a power of ten, four or so per chart', () => {
    expect([0, 399, 40_000, 41_000, 1_234_567_89].map(niceStep)).toEqual([
      100, 100, 10_000, 20_000, 50_000_000,
    ]);
  });
});

function weeklyOpen(dueDate: string) {
  return { status: 'OPEN', forecastNetCents: 1, settledNetCents: null, dueDate };
}

describe('largest items, kept one receivable at a time', () => {
  it('a bounded top N fed item by item equals sorting everything and taking N', () => {
    const item = fc
      .record({
        status: fc.constantFrom('UNDERPAID', 'OVERDUE'),
        forecastNetCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
        settledNetCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
        dueDate: fc.constant(null),
        nsu: fc.string({ maxLength: 3 }),
      })
      .map(toActionItem);
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (items, n) => {
        const kept = items.reduce(
          (top, i) => offerTopItem(top, i, n),
          [] as ReturnType<typeof toActionItem>[],
        );
        expect(kept).toEqual([...items].sort(compareActionItems).slice(0, n));
      }),
    );
  });
});
