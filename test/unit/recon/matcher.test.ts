import { describe, expect, it } from 'vitest';
import { applyRecords, matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import { applyRecord } from '../../support/matcher';
import { canonical, forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig();
/** Seen once, on the first line of page 1 of report 1 (the test records' default place). */
const once = {
  copies: 1,
  pages: { '2025-04-02|1|1': 1 },
  edges: { '2025-04-02|1|1': 'F' },
  seam: false,
  firstReport: '2025-04-02|1',
};

describe('matchKeyOf', () => {
  it('joins the configured fields in configured order', () => {
    expect(matchKeyOf(saleKey(7, 2), config)).toBe('ACQ1|EC2|2025-03-01|100007|AUT7|2');
    expect(matchKeyOf(saleKey(7, 2), reconConfig({ matchKey: ['nsu', 'acquirer'] }))).toBe('100007|ACQ1');
  });

  it('escapes separators so that different field values never share a key', () => {
    const two = reconConfig({ matchKey: ['nsu', 'authorization'] });
    const left = matchKeyOf({ nsu: 'a|b', authorization: 'c' }, two);
    const right = matchKeyOf({ nsu: 'a', authorization: 'b|c' }, two);
    const slash = matchKeyOf({ nsu: 'a\\', authorization: '|c' }, two);
    expect(new Set([left, right, slash]).size).toBe(3);
    expect(left).toBe('a\\|b|c');
  });

  it('is null when a key field is missing or empty', () => {
    expect(matchKeyOf({ ...saleKey(1), nsu: null }, config)).toBeNull();
    expect(matchKeyOf({ ...saleKey(1), authorization: '' }, config)).toBeNull();
  });
});

describe('applyRecord', () => {
  const key = saleKey(1);

  it('adds a contribution once: the same hash again changes nothing', () => {
    const first = applyRecord(undefined, forecast(key, 'f1'), config);
    expect(first.changed).toBe(true);
    const again = applyRecord(first.receivable, forecast(key, 'f1'), config);
    expect(again).toEqual({ receivable: first.receivable, changed: false, refused: [] });
    expect(first.receivable?.forecasts).toEqual([
      // The sale terms the record carries (fee audit): the fixture's installments only.
      { hash: 'f1', netCents: 10_000, movementDate: null, occurrences: once, sale: { installments: 3 } },
    ]);
  });

  it('leaves records other than A1/D1, and records without a key, out', () => {
    const e1 = canonical({ type: 'E1', key, hash: 'e1' });
    expect(applyRecord(undefined, e1, config)).toEqual({
      receivable: undefined,
      changed: false,
      refused: [],
    });
    const keyless = { ...forecast(key, 'f2'), nsu: null };
    expect(applyRecord(undefined, keyless, config)).toEqual({
      receivable: undefined,
      changed: false,
      refused: [],
    });
  });

  it('refuses a record of another receivable', () => {
    const { receivable } = applyRecord(undefined, forecast(key, 'f1'), config);
    expect(() => applyRecord(receivable, forecast(saleKey(2), 'f9'), config)).toThrow(/does not belong/);
  });

  it('takes descriptive fields from the forecast, whatever arrived first', () => {
    const d1 = canonical({ type: 'D1', key, hash: 'a0', brand: 'ELO', dueDate: '2025-04-09' });
    const a1 = canonical({ type: 'A1', key, hash: 'zz', brand: 'VISA', dueDate: '2025-04-01' });
    const settledFirst = applyRecords(undefined, [d1, a1], config).receivable;
    const forecastFirst = applyRecords(undefined, [a1, d1], config).receivable;
    expect(settledFirst).toEqual(forecastFirst);
    expect(settledFirst).toMatchObject({ brand: 'VISA', dueDate: '2025-04-01' });
  });

  it('keeps every duplicate forecast, sorted by hash, and every settlement', () => {
    const records = [
      forecast(key, 'f9', 500),
      settlement(key, 's2', 300),
      forecast(key, 'f1', 700),
      settlement(key, 's1', 200),
    ];
    const { receivable, changed } = applyRecords(undefined, records, config);
    expect(changed).toBe(4);
    expect(receivable?.forecasts.map((f) => f.hash)).toEqual(['f1', 'f9']);
    expect(receivable?.settlements).toEqual([
      {
        hash: 's1',
        netCents: 200,
        paymentDate: '2025-04-01',
        movementDate: null,
        occurrences: once,
      },
      {
        hash: 's2',
        netCents: 300,
        paymentDate: '2025-04-01',
        movementDate: null,
        occurrences: once,
      },
    ]);
  });

  it('counts a missing net amount as zero instead of dropping the record', () => {
    const { receivable } = applyRecord(
      undefined,
      canonical({ type: 'D1', key, hash: 's', netCents: null }),
      config,
    );
    expect(receivable?.settlements).toEqual([
      {
        hash: 's',
        netCents: 0,
        paymentDate: '2025-04-01',
        movementDate: null,
        occurrences: once,
      },
    ]);
  });
});

describe('applyRecords: equal twins and re-deliveries', () => {
  const key = saleKey(7);
  const at = (hash: string, reportId: string, page: number, line: number) => ({
    ...settlement(key, hash, 5_000),
    source: { reportKind: 'financial' as const, reportId, page, generatedOn: '2025-04-02' },
    line,
  });
  const settledOf = (content: ReturnType<typeof applyRecords>['receivable']) =>
    content?.settlements.reduce((sum, s) => sum + s.netCents * s.occurrences.copies, 0);

  it('counts two equal payments of one report twice, on one page or on two', () => {
    const samePage = applyRecords(undefined, [at('s', 'R1', 1, 4), at('s', 'R1', 1, 9)], config);
    expect(settledOf(samePage.receivable)).toBe(10_000);
    const first = applyRecords(undefined, [at('s', 'R1', 1, 4)], config).receivable;
    const twoPages = applyRecords(first, [at('s', 'R1', 3, 0)], config);
    expect(twoPages.changed).toBe(1);
    expect(settledOf(twoPages.receivable)).toBe(10_000);
  });

  it('changes nothing when the same report is read again, or the record comes again in another report', () => {
    const { receivable } = applyRecords(undefined, [at('s', 'R1', 1, 4), at('s', 'R1', 1, 9)], config);
    const again = applyRecords(receivable, [at('s', 'R1', 1, 9), at('s', 'R1', 1, 4)], config);
    expect(again.receivable).toBe(receivable);
    const elsewhere = applyRecords(receivable, [at('s', 'R2', 5, 1)], config);
    expect(elsewhere.changed).toBe(0);
    expect(settledOf(elsewhere.receivable)).toBe(10_000);
  });

  it('refuses records past maxContributions and flags the receivable', () => {
    const small = reconConfig({ maxContributions: 2 });
    const records = ['a', 'b', 'c', 'd'].map((hash) => settlement(key, hash, 100));
    const { receivable, refused, changed } = applyRecords(undefined, records, small);
    expect(changed).toBe(2);
    expect(refused.map((r) => r.recordHash)).toEqual(['c', 'd']);
    expect(receivable?.capped).toBe(true);
    expect(applyRecords(receivable, [records[0] as (typeof records)[0]], small).refused).toEqual([]);
  });
});
