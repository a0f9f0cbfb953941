/**
 * The "Depósitos" section's data: the report window's results in the order a reader acts on them,
 * totals per status to the centavo, per day and acquirer expected against received, OFF apart from
 * an empty period.
 */
import { describe, expect, it } from 'vitest';
import { buildDepositsSection } from '../../../lambdas/core/deposits/section-model';
import {
  ALL_RESULTS,
  AWAITING,
  DEPOSITED,
  DIFFERS,
  MISSING,
  MISSING_SMALL,
  UNEXPLAINED,
} from '../../support/deposit-results';

const window = { from: '2025-03-01', to: '2025-03-31' };

describe('buildDepositsSection', () => {
  it('is OFF when no statement was ever imported, whatever results there are', () => {
    expect(buildDepositsSection({ statementsImported: false, ...window, results: ALL_RESULTS })).toEqual({
      state: 'OFF',
    });
  });

  it('is ON and empty for a period without results (not the same as OFF)', () => {
    const section = buildDepositsSection({ statementsImported: true, ...window, results: [] });
    expect(section).toMatchObject({ state: 'ON', results: [], byDay: [] });
    if (section.state !== 'ON') throw new Error('expected ON');
    expect(Object.values(section.totals).every((t) => t.count === 0 && t.amountCents === 0)).toBe(true);
  });

  it('orders missing first (largest first), then differences, unexplained credits, awaiting, deposited', () => {
    for (const results of [ALL_RESULTS, [...ALL_RESULTS].reverse()]) {
      const section = buildDepositsSection({ statementsImported: true, ...window, results });
      if (section.state !== 'ON') throw new Error('expected ON');
      expect(section.results).toEqual([MISSING, MISSING_SMALL, DIFFERS, UNEXPLAINED, AWAITING, DEPOSITED]);
    }
  });

  it('totals every status to the centavo', () => {
    const section = buildDepositsSection({ statementsImported: true, ...window, results: ALL_RESULTS });
    if (section.state !== 'ON') throw new Error('expected ON');
    expect(section.totals).toEqual({
      NOT_DEPOSITED: { count: 2, expectedCents: 4_510_04, creditCents: 0, amountCents: 4_510_04 },
      DEPOSIT_DIFFERS: { count: 1, expectedCents: 500_00, creditCents: 481_22, amountCents: 18_78 },
      UNEXPLAINED_CREDIT: { count: 1, expectedCents: 0, creditCents: 250_50, amountCents: 250_50 },
      AWAITING_DEPOSIT: { count: 1, expectedCents: 77_77, creditCents: 0, amountCents: 77_77 },
      DEPOSITED: { count: 1, expectedCents: 1_234_56, creditCents: 1_234_56, amountCents: 1_234_56 },
      NO_DEPOSIT_DUE: { count: 0, expectedCents: 0, creditCents: 0, amountCents: 0 },
      DEPOSIT_REVERSED: { count: 0, expectedCents: 0, creditCents: 0, amountCents: 0 },
      CREDIT_REVERSED: { count: 0, expectedCents: 0, creditCents: 0, amountCents: 0 },
    });
  });

  it('puts expected against received per day (payment date, else credit date) and acquirer', () => {
    const section = buildDepositsSection({ statementsImported: true, ...window, results: ALL_RESULTS });
    if (section.state !== 'ON') throw new Error('expected ON');
    const line = (date: string, acquirer: string | null, expectedCents: number, receivedCents: number) => ({
      date,
      acquirer,
      expectedCents,
      receivedCents,
      differenceCents: receivedCents - expectedCents + (acquirer === 'STONE' ? 77_77 : 0),
    });
    expect(
      section.byDay.map(({ date, acquirer, expectedCents, receivedCents, differenceCents }) => ({
        date,
        acquirer,
        expectedCents,
        receivedCents,
        differenceCents,
      })),
    ).toEqual([
      // Cielo: the Itaú deposit arrived (a day late, still its payment day's), the Bradesco one did not.
      line('2025-03-03', 'CIELO', 1_234_56 + 4_500_01, 1_234_56),
      line('2025-03-03', 'REDE', 500_00, 481_22),
      line('2025-03-04', 'REDE', 10_03, 0),
      line('2025-03-04', 'STONE', 77_77, 0),
      line('2025-03-04', null, 0, 250_50),
    ]);
    expect(section.byDay[0]).toMatchObject({ missing: 1, differing: 0, unexplained: 0 });
    // Stone's deposit is still within its window: awaited, not short.
    expect(section.byDay[3]).toMatchObject({ acquirer: 'STONE', awaitingCents: 77_77, differenceCents: 0 });
    expect(section.byDay.at(-1)).toMatchObject({ unexplained: 1 });
  });

  it('keeps only the results dated in the window', () => {
    const section = buildDepositsSection({
      statementsImported: true,
      from: '2025-03-04',
      to: '2025-03-04',
      results: ALL_RESULTS,
    });
    if (section.state !== 'ON') throw new Error('expected ON');
    expect(section.results).toEqual([MISSING_SMALL, UNEXPLAINED, AWAITING]);
    expect(section.totals.DEPOSITED.count).toBe(0);
  });

  it('counts a day with nothing to deposit as nothing expected, not as money received over', () => {
    const nothingDue = { ...MISSING, status: 'NO_DEPOSIT_DUE' as const, expectedCents: -350_00 };
    const section = buildDepositsSection({ statementsImported: true, ...window, results: [nothingDue] });
    if (section.state !== 'ON') throw new Error('expected ON');
    expect(section.byDay.map((l) => [l.expectedCents, l.receivedCents, l.differenceCents])).toEqual([
      [0, 0, 0],
    ]);
    expect(section.totals.NO_DEPOSIT_DUE).toEqual({
      count: 1,
      expectedCents: -350_00,
      creditCents: 0,
      amountCents: 350_00,
    });
  });
});
