/**
 * Random streams of A1/D1 records (re-ingested duplicates, any order, partial payments, unexpected
 * D1s, duplicate forecasts, other codes, keyless records) against a reference computation written
 * here from the domain brief, independently of the matcher.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import type { ReconConfig } from '../../../lambdas/core/config';
import { applyRecord, type ReceivableContent } from '../../../lambdas/core/recon/matcher';
import { type ReceivableView, toReceivableView } from '../../../lambdas/core/recon/view';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/records/canonical';
import { canonical, reconConfig, saleKey } from '../../support/recon-records';

const DAY0 = '2025-04-01';

const recordArb = fc.record({
  type: fc.constantFrom<RecordCode>('A1', 'A1', 'D1', 'D1', 'D1', 'E1'),
  sale: fc.nat(3),
  keyless: fc.nat(9).map((n) => n === 0),
  netCents: fc.integer({ min: 0, max: 20_000 }),
  dueDay: fc.option(fc.nat(20), { freq: 8 }),
  payDay: fc.option(fc.nat(20), { freq: 8 }),
  brand: fc.constantFrom('VISA', 'MASTER', 'ELO'),
});

/** Distinct records (distinct hashes), then a stream that repeats and reorders them. */
const streamArb = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom('0', '1', 'a', 'f', 'z') }), {
    minLength: 1,
    maxLength: 25,
  })
  .chain((hashes) =>
    fc.tuple(
      fc.array(recordArb, { minLength: hashes.length, maxLength: hashes.length }),
      fc.constant(hashes),
    ),
  )
  .map(([specs, hashes]) =>
    specs.map((spec, i) => {
      const record = canonical({
        type: spec.type,
        key: saleKey(spec.sale),
        hash: hashes[i] as string,
        netCents: spec.netCents,
        dueDate: spec.dueDay === null ? null : addDays(DAY0, spec.dueDay),
        paymentDate: spec.payDay === null ? null : addDays(DAY0, spec.payDay),
        brand: spec.brand,
      });
      return spec.keyless ? { ...record, authorization: null } : record;
    }),
  )
  .chain((distinct) =>
    fc.tuple(
      fc.constant(distinct),
      fc.array(fc.nat(distinct.length - 1), { maxLength: 40 }).chain((picks) =>
        fc.shuffledSubarray([...distinct, ...picks.map((i) => distinct[i] as CanonicalRecord)], {
          minLength: distinct.length + picks.length,
        }),
      ),
    ),
  );

const configArb = fc.record({
  absoluteCents: fc.nat(300),
  percent: fc.constantFrom(0, 0.07, 0.5, 1, 1.15, 2.5, 10),
  graceDays: fc.nat(5),
});

const keyOf = (r: CanonicalRecord) =>
  [r.acquirer, r.merchant, r.saleDate, r.nsu, r.authorization, r.installment].join('\u0000');

function run(stream: readonly CanonicalRecord[], config: ReconConfig): Map<string, ReceivableContent> {
  const byKey = new Map<string, ReceivableContent>();
  for (const record of stream) {
    const current = byKey.get(keyOf(record));
    const { receivable } = applyRecord(current, record, config);
    if (receivable) byKey.set(keyOf(record), receivable);
  }
  return byKey;
}

/** The brief, read literally: one receivable per key; sums over DISTINCT records. */
function reference(stream: readonly CanonicalRecord[], asOf: IsoDate, config: ReconConfig): ReceivableView[] {
  const distinct = new Map(stream.map((r) => [r.recordHash, r]));
  const groups = new Map<string, CanonicalRecord[]>();
  for (const r of distinct.values()) {
    if ((r.recordType !== 'A1' && r.recordType !== 'D1') || r.authorization === null) continue;
    const key = JSON.stringify([r.acquirer, r.merchant, r.saleDate, r.nsu, r.authorization, r.installment]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((records) => {
    const sorted = [...records].sort((a, b) => (a.recordHash < b.recordHash ? -1 : 1));
    const a1s = sorted.filter((r) => r.recordType === 'A1');
    const d1s = sorted.filter((r) => r.recordType === 'D1');
    const primary = (a1s[0] ?? d1s[0]) as CanonicalRecord;
    const settled = d1s.reduce((s, r) => s + (r.netCents ?? 0), 0);
    const forecastNet = a1s[0] ? (a1s[0].netCents ?? 0) : null;
    const payDates = d1s
      .map((r) => r.paymentDate)
      .filter((d): d is string => d !== null)
      .sort();
    let status: ReceivableView['status'];
    let reason: ReceivableView['reason'];
    if (forecastNet === null) [status, reason] = ['UNEXPECTED', 'NO_FORECAST'];
    else if (d1s.length === 0) {
      const late = primary.dueDate !== null && addDays(primary.dueDate, config.graceDays) < asOf;
      [status, reason] = late ? ['OVERDUE', 'PAST_DUE'] : ['OPEN', 'AWAITING_PAYMENT'];
    } else {
      const diff = settled - forecastNet;
      const tolerance = Math.max(
        config.tolerance.absoluteCents,
        Math.floor((forecastNet * Math.round(config.tolerance.percent * 100)) / 10_000),
      );
      if (Math.abs(diff) <= tolerance) {
        [status, reason] = [
          'SETTLED',
          diff !== 0 ? 'WITHIN_TOLERANCE' : d1s.length > 1 ? 'PARTIAL_PAYMENTS' : 'EXACT',
        ];
      } else [status, reason] = diff < 0 ? ['UNDERPAID', 'SHORT_PAYMENT'] : ['OVERPAID', 'OVER_PAYMENT'];
    }
    if (a1s.length > 1) reason = 'DUPLICATE_FORECAST';
    return {
      acquirer: primary.acquirer,
      merchant: primary.merchant,
      saleDate: primary.saleDate,
      nsu: primary.nsu,
      authorization: primary.authorization,
      installment: primary.installment,
      status,
      forecastNetCents: forecastNet,
      settledNetCents: settled,
      dueDate: primary.dueDate,
      differenceCents: settled - (forecastNet ?? 0),
      reason,
      lastPaymentDate: payDates.at(-1) ?? null,
      settlementCount: d1s.length,
    };
  });
}

const sortViews = (views: ReceivableView[]) =>
  [...views].sort((a, b) => (a.nsu ?? '').localeCompare(b.nsu ?? ''));

describe('matcher against a reference computation', () => {
  it('gives the reference states for any stream, with duplicates and in any order', () => {
    fc.assert(
      fc.property(streamArb, configArb, fc.nat(30), ([, stream], tolerance, asOfDay) => {
        const config = reconConfig({
          tolerance: { absoluteCents: tolerance.absoluteCents, percent: tolerance.percent },
          graceDays: tolerance.graceDays,
        });
        const asOf = addDays(DAY0, asOfDay);
        const views = [...run(stream, config).values()].map((r) => toReceivableView(r, asOf, config));
        expect(sortViews(views)).toEqual(sortViews(reference(stream, asOf, config)));
      }),
      { numRuns: 300 },
    );
  });

  it('reaches the same content from any permutation, and a replay changes nothing', () => {
    fc.assert(
      fc.property(streamArb, ([distinct, stream]) => {
        const config = reconConfig();
        const once = run(stream, config);
        const inOrder = run(distinct, config);
        expect([...once.entries()].sort()).toEqual([...inOrder.entries()].sort());
        for (const record of stream) {
          expect(applyRecord(once.get(keyOf(record)), record, config).changed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
