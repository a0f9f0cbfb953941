/**
 * Corrections, twins and seams: which contributions count is decided by the
 * rule of `receivables/corrections.ts` and `receivables/occurrences.ts`, the same in any order, never by hash.
 */
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { applyRecords, type ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { explain } from '../../../lambdas/core/receivables/status';
import { canonical, type RecordSpec, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig();
const key = saleKey(21);

type Where = NonNullable<RecordSpec['at']>;
const report = (
  generatedOn: IsoDate,
  reportId: string,
  more: Omit<Where, 'generatedOn' | 'reportId'> = {},
) => ({
  generatedOn,
  reportId,
  ...more,
});
const a1 = (hash: string, netCents: number, at: Where, movementDate: IsoDate | null = null) =>
  canonical({ type: 'A1', key, hash, netCents, at, movementDate });
const d1 = (hash: string, netCents: number, at: Where, movementDate: IsoDate | null = null) =>
  canonical({ type: 'D1', key, hash, netCents, paymentDate: '2025-04-01', at, movementDate });

/** The receivable's verdict, after applying the records in the given order one batch each. */
function verdict(records: readonly CanonicalRecord[]) {
  let content: ReceivableContent | undefined;
  for (const record of records) content = applyRecords(content, [record], config).receivable;
  const { status, reason, forecastNetCents, settledNetCents, settlementCount } = explain(
    content as ReceivableContent,
    '2025-04-05',
    config,
  );
  return { status, reason, forecastNetCents, settledNetCents, settlementCount };
}

/** Every order gives one verdict (returned). */
function sameInAnyOrder(records: readonly CanonicalRecord[]) {
  const forward = verdict(records);
  expect(verdict([...records].reverse())).toEqual(forward);
  expect(verdict([...records.slice(1), records[0] as CanonicalRecord])).toEqual(forward);
  return forward;
}

describe('a payment re-sent with another amount', () => {
  const forecast = a1('f', 9_800, report('2025-03-02', 'S1'));

  it('counts the later report’s payment, flags POSSIBLE_CORRECTION, never sums them into OVERPAID', () => {
    const records = [
      forecast,
      d1('d98', 9_800, report('2025-04-02', 'R1')),
      d1('d97', 9_700, report('2025-04-03', 'R2')),
    ];
    expect(sameInAnyOrder(records)).toEqual({
      status: 'UNDERPAID',
      reason: 'POSSIBLE_CORRECTION',
      forecastNetCents: 9_800,
      settledNetCents: 9_700,
      settlementCount: 1,
    });
  });

  it('with equal movement dates, the later report decides just the same', () => {
    const records = [
      forecast,
      d1('d98', 9_800, report('2025-04-02', 'R1'), '2025-04-01'),
      d1('d97', 9_700, report('2025-04-03', 'R2'), '2025-04-01'),
    ];
    expect(sameInAnyOrder(records)).toMatchObject({ settledNetCents: 9_700, reason: 'POSSIBLE_CORRECTION' });
  });

  it('with two reports of one day, counts the smaller amount and flags it, whatever the hashes', () => {
    for (const [first, second] of [
      ['a', 'z'],
      ['z', 'a'],
    ] as const) {
      const records = [
        forecast,
        d1(first, 9_800, report('2025-04-02', 'R1')),
        d1(second, 9_700, report('2025-04-02', 'R2')),
      ];
      expect(sameInAnyOrder(records)).toMatchObject({
        status: 'UNDERPAID',
        reason: 'POSSIBLE_CORRECTION',
        settledNetCents: 9_700,
      });
    }
  });

  it('counts payments a later report holds together as payments, not a correction (a failed job’s re-run)', () => {
    // The failed job's report R1 brought the first payment only; the re-run's report R2 brings both.
    const records = [
      forecast,
      d1('p1', 4_900, report('2025-04-02', 'R1')),
      d1('p1', 4_900, report('2025-04-02', 'R2')),
      d1('p2', 4_900 - 1, report('2025-04-02', 'R2', { page: 2 })),
    ];
    expect(sameInAnyOrder(records)).toEqual({
      status: 'UNDERPAID',
      reason: 'SHORT_PAYMENT',
      forecastNetCents: 9_800,
      settledNetCents: 9_799,
      settlementCount: 2,
    });
  });

  it('counts the later report’s two payments where one report held A and B and a later one A and C', () => {
    // No report ever held three payments: B restated as C, never the union of what the reports said.
    const records = [
      forecast,
      d1('a', 4_900, report('2025-04-02', 'R1')),
      d1('b', 4_900, report('2025-04-02', 'R1', { page: 2 })),
      d1('a', 4_900, report('2025-04-03', 'R2')),
      d1('c', 4_800, report('2025-04-03', 'R2', { page: 2 })),
    ];
    expect(sameInAnyOrder(records)).toEqual({
      status: 'UNDERPAID',
      reason: 'POSSIBLE_CORRECTION',
      forecastNetCents: 9_800,
      settledNetCents: 9_700,
      settlementCount: 2,
    });
  });

  it('counts two amounts of one report as two payments, and distinct movement dates as two payments', () => {
    const oneReport = [
      forecast,
      d1('p1', 4_900, report('2025-04-02', 'R1')),
      d1('p2', 4_900 - 1, report('2025-04-02', 'R1', { line: 1 })),
    ];
    expect(sameInAnyOrder(oneReport)).toMatchObject({
      status: 'UNDERPAID',
      reason: 'SHORT_PAYMENT',
      settledNetCents: 9_799,
    });
    const twoDays = [
      forecast,
      d1('d98', 9_800, report('2025-04-02', 'R1'), '2025-04-01'),
      d1('d97', 9_700, report('2025-04-03', 'R2'), '2025-04-02'),
    ];
    expect(sameInAnyOrder(twoDays)).toEqual({
      status: 'OVERPAID',
      reason: 'OVER_PAYMENT',
      forecastNetCents: 9_800,
      settledNetCents: 19_500,
      settlementCount: 2,
    });
  });
});

describe('equal payments registered on different movement days', () => {
  const normalizer = buildNormalizer(config);
  const raw = (movementDay: string) => ({
    TIPOREGISTRO: 'D1',
    ADQUIRENTE: key.acquirer,
    ESTABELECIMENTO: key.merchant,
    NSU: key.nsu,
    CODAUTORIZACAO: key.authorization,
    DTVENDA: key.saleDate,
    NRPARCELA: key.installment,
    VLLIQUIDO: '49,00',
    DTVENCIMENTO: '2025-04-01',
    DTPAGAMENTO: '2025-04-01',
    DTMOVIMENTO: movementDay,
  });
  const read = (value: unknown, reportId: string, generatedOn: IsoDate): CanonicalRecord => {
    const result = normalizer.normalize(value, { reportKind: 'financial', reportId, page: 1, generatedOn });
    if (!result.ok) throw new Error(result.quarantined.detail);
    return result.record;
  };

  it('counts both, though no report holds the two', () => {
    const records = [
      a1('f', 9_800, report('2025-03-02', 'S1')),
      read(raw('2025-04-01'), 'R1', '2025-04-02'),
      read(raw('2025-04-02'), 'R2', '2025-04-03'),
      // The first one re-delivered by an overlapping later report changes nothing.
      read(raw('2025-04-01'), 'R3', '2025-04-04'),
    ];
    expect(sameInAnyOrder(records)).toEqual({
      status: 'SETTLED',
      reason: 'PARTIAL_PAYMENTS',
      forecastNetCents: 9_800,
      settledNetCents: 9_800,
      settlementCount: 2,
    });
  });
});

describe('a record served on both sides of a page seam', () => {
  const forecast = a1('f', 9_800, report('2025-03-02', 'S1'));
  const onPage = (page: number, line: number, lineSequence: string | null = null) =>
    canonical({
      type: 'D1',
      key,
      hash: 'd',
      netCents: 9_800,
      paymentDate: '2025-04-01',
      lineSequence,
      at: { reportId: 'R1', generatedOn: '2025-04-02', page, line, lines: 10 },
    });

  it('without a line sequence: the last line of page p and the first of p+1 count once, flagged', () => {
    expect(sameInAnyOrder([forecast, onPage(1, 9), onPage(2, 0)])).toEqual({
      status: 'SETTLED',
      reason: 'POSSIBLE_SEAM_DUPLICATE',
      forecastNetCents: 9_800,
      settledNetCents: 9_800,
      settlementCount: 1,
    });
  });

  it('twins anywhere else in one report still count twice', () => {
    expect(sameInAnyOrder([forecast, onPage(1, 8), onPage(2, 0)])).toMatchObject({
      status: 'OVERPAID',
      reason: 'OVER_PAYMENT',
      settledNetCents: 19_600,
    });
    expect(sameInAnyOrder([forecast, onPage(1, 9), onPage(3, 0)])).toMatchObject({ settledNetCents: 19_600 });
  });

  it('with a line sequence: one sequence is one record on any page, two sequences two, no flag', () => {
    expect(sameInAnyOrder([forecast, onPage(1, 9, '40'), onPage(2, 0, '40')])).toMatchObject({
      status: 'SETTLED',
      reason: 'EXACT',
      settledNetCents: 9_800,
    });
    expect(sameInAnyOrder([forecast, onPage(1, 9, '40'), onPage(2, 0, '41')])).toMatchObject({
      reason: 'OVER_PAYMENT',
      settledNetCents: 19_600,
    });
  });
});

describe('a forecast corrected in a later report', () => {
  it('the later report’s forecast is compared, whatever the hashes (corrections to 90, 91, 92, 94)', () => {
    for (const corrected of [9_000, 9_100, 9_200, 9_400]) {
      const records = [
        a1('m-original', 10_000, report('2025-03-02', 'S1')),
        a1(`h-${corrected}`, corrected, report('2025-03-05', 'S2')),
        d1('d', corrected, report('2025-04-02', 'R1')),
      ];
      expect(sameInAnyOrder(records)).toEqual({
        status: 'SETTLED',
        reason: 'EXACT',
        forecastNetCents: corrected,
        settledNetCents: corrected,
        settlementCount: 1,
      });
    }
  });

  it('a later movement date decides before the report, where every forecast has one', () => {
    const records = [
      a1('a', 10_000, report('2025-03-05', 'S2'), '2025-03-01'),
      a1('b', 9_000, report('2025-03-02', 'S1'), '2025-03-02'),
      d1('d', 9_000, report('2025-04-02', 'R1')),
    ];
    expect(sameInAnyOrder(records)).toMatchObject({ status: 'SETTLED', forecastNetCents: 9_000 });
  });

  it('two forecasts of one day: DUPLICATE_FORECAST, the larger compared, never a hash pick', () => {
    for (const [small, large] of [
      ['a', 'z'],
      ['z', 'a'],
    ] as const) {
      const records = [
        a1(small, 9_000, report('2025-03-02', 'S1')),
        a1(large, 10_000, report('2025-03-02', 'S2')),
        d1('d', 9_000, report('2025-04-02', 'R1')),
      ];
      expect(sameInAnyOrder(records)).toEqual({
        status: 'UNDERPAID',
        reason: 'DUPLICATE_FORECAST',
        forecastNetCents: 10_000,
        settledNetCents: 9_000,
        settlementCount: 1,
      });
    }
  });
});
