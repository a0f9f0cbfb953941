/**
 * Random streams of A1/D1 records (re-ingested duplicates, any order, partial payments, unexpected
 * D1s, duplicate forecasts, other codes, keyless records, records first seen in reports of different
 * days and re-delivered in later ones, with and without movement dates) against a reference
 * computation written here from the domain brief and the correction rule of docs/design.md,
 * independently of the matcher.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import type { ReconConfig } from '../../../lambdas/core/config';
import type { CanonicalRecord, RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import type { ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { type ReceivableView, toReceivableView } from '../../../lambdas/core/receivables/view';
import { applyRecord } from '../../support/matcher';
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
  /** The report the record first comes in: two of them generated on one day. */
  report: fc.nat(2),
  movementDay: fc.option(fc.nat(2), { freq: 2 }),
});

/** Reports records come in: (generation date, id); reports 2 and 3 share a day. */
const REPORTS = [
  { generatedOn: '2025-04-02', reportId: '1' },
  { generatedOn: '2025-04-03', reportId: '2' },
  { generatedOn: '2025-04-03', reportId: '3' },
] as const;

function inReport(record: CanonicalRecord, report: number): CanonicalRecord {
  const where = REPORTS[report] as (typeof REPORTS)[number];
  return { ...record, source: { ...record.source, ...where } };
}

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
        movementDate: spec.movementDay === null ? null : addDays(DAY0, spec.movementDay),
      });
      return inReport(spec.keyless ? { ...record, authorization: null } : record, spec.report);
    }),
  )
  .chain((distinct) =>
    fc.tuple(
      fc.constant(distinct),
      // Re-deliveries: the same record again, in its own report or in any other.
      fc
        .array(fc.tuple(fc.nat(distinct.length - 1), fc.option(fc.nat(2))), { maxLength: 40 })
        .chain((picks) =>
          fc.shuffledSubarray(
            [
              ...distinct,
              ...picks.map(([i, report]) => {
                const record = distinct[i] as CanonicalRecord;
                return report === null ? record : inReport(record, report);
              }),
            ],
            { minLength: distinct.length + picks.length },
          ),
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

const reportOf = (r: CanonicalRecord) => `${r.source.generatedOn}|${r.source.reportId}`;

/** Among equally recent forecasts nothing tells which is right: the largest is compared. */
function comparedForecast(a1s: readonly CanonicalRecord[], first: Map<string, string>) {
  const byMovement = a1s.every((r) => r.movementDate !== null);
  const recency = (r: CanonicalRecord) =>
    [byMovement ? r.movementDate : '', (first.get(r.recordHash) as string).slice(0, 10)].join('/');
  const latest = a1s.map(recency).sort().at(-1);
  const tied = a1s.filter((r) => recency(r) === latest);
  const nets = tied.map((r) => r.netCents ?? 0);
  return { net: nets.length > 0 ? Math.max(...nets) : null, duplicate: tied.length > 1 };
}

/**
 * Payments of one day (and movement day, where all say) first seen in different reports, and never held
 * together by one report: the latest report's count. Payments some report holds together are payments.
 */
function countedPayments(
  d1s: readonly CanonicalRecord[],
  first: Map<string, string>,
  held: Map<string, Set<string>>,
) {
  const counted: CanonicalRecord[] = [];
  let correction = false;
  const byDay = new Map<string, CanonicalRecord[]>();
  for (const r of d1s) byDay.set(r.paymentDate ?? '-', [...(byDay.get(r.paymentDate ?? '-') ?? []), r]);
  const groups = [...byDay.values()].flatMap((day) => {
    if (day.some((r) => r.movementDate === null)) return [day];
    const byMovement = new Map<string, CanonicalRecord[]>();
    for (const r of day)
      byMovement.set(r.movementDate as string, [...(byMovement.get(r.movementDate as string) ?? []), r]);
    return [...byMovement.values()];
  });
  const linked = (a: CanonicalRecord, b: CanonicalRecord) =>
    first.get(a.recordHash) === first.get(b.recordHash) ||
    [...(held.get(a.recordHash) ?? [])].some((report) => held.get(b.recordHash)?.has(report));
  for (const group of groups) {
    // Connected components of "first seen in one report, or held together by one".
    const components: CanonicalRecord[][] = [];
    for (const r of group) {
      const touching = components.filter((c) => c.some((m) => linked(m, r)));
      const rest = components.filter((c) => !touching.includes(c));
      components.splice(0, components.length, ...rest, [r, ...touching.flat()]);
    }
    if (components.length === 1) {
      // Held together, but no single report states them all (one held A and B, a later one A and C):
      // the latest report's statement counts, flagged, never the union of what reports said.
      const reports = [...new Set(group.flatMap((r) => [...(held.get(r.recordHash) ?? [])]))].sort();
      const statesAll = reports.some((report) => group.every((r) => held.get(r.recordHash)?.has(report)));
      const latest = reports.at(-1) as string;
      counted.push(...(statesAll ? group : group.filter((r) => held.get(r.recordHash)?.has(latest))));
      correction ||= !statesAll;
      continue;
    }
    correction = true;
    const latestOf = (c: CanonicalRecord[]) =>
      c
        .map((r) => first.get(r.recordHash) as string)
        .sort()
        .at(-1) as string;
    const lastDay = components.map(latestOf).sort().at(-1)?.slice(0, 10) as string;
    const options = components
      .filter((c) => latestOf(c).startsWith(lastDay))
      .map((members) => ({ members, sum: members.reduce((s, r) => s + (r.netCents ?? 0), 0) }));
    const smallest = Math.min(...options.map((o) => o.sum));
    counted.push(...(options.find((o) => o.sum === smallest)?.members ?? []));
  }
  return { counted, correction };
}

/** The brief, read literally: one receivable per key; sums over DISTINCT records, corrections set aside. */
function reference(stream: readonly CanonicalRecord[], asOf: IsoDate, config: ReconConfig): ReceivableView[] {
  const distinct = new Map(stream.map((r) => [r.recordHash, r]));
  const first = new Map<string, string>();
  const held = new Map<string, Set<string>>();
  for (const r of stream) {
    held.set(r.recordHash, (held.get(r.recordHash) ?? new Set()).add(reportOf(r)));
    const seen = first.get(r.recordHash);
    if (seen === undefined || reportOf(r) < seen) first.set(r.recordHash, reportOf(r));
  }
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
    const { counted, correction } = countedPayments(d1s, first, held);
    const settled = counted.reduce((s, r) => s + (r.netCents ?? 0), 0);
    const compared = comparedForecast(a1s, first);
    const forecastNet = compared.net;
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
          diff !== 0 ? 'WITHIN_TOLERANCE' : counted.length > 1 ? 'PARTIAL_PAYMENTS' : 'EXACT',
        ];
      } else [status, reason] = diff < 0 ? ['UNDERPAID', 'SHORT_PAYMENT'] : ['OVERPAID', 'OVER_PAYMENT'];
    }
    if (compared.duplicate) reason = 'DUPLICATE_FORECAST';
    if (correction) reason = 'POSSIBLE_CORRECTION';
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
      settlementCount: counted.length,
      // Only forecasts and payments here: every lifecycle amount is nothing, expected is the forecast.
      cancelledNetCents: 0,
      chargedBackNetCents: 0,
      adjustmentNetCents: 0,
      advanceFeeCents: 0,
      expectedNetCents: forecastNet ?? 0,
      receivedNetCents: settled,
      lastChargebackDate: null,
      roles: [a1s.length > 0 ? 'FORECAST' : '', d1s.length > 0 ? 'PAYMENT' : ''].filter(Boolean).join('+'),
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
    const permuted = streamArb.chain(([, stream]) =>
      fc.tuple(fc.constant(stream), fc.shuffledSubarray(stream, { minLength: stream.length })),
    );
    fc.assert(
      fc.property(permuted, ([stream, reordered]) => {
        const config = reconConfig();
        const once = run(stream, config);
        const inOrder = run(reordered, config);
        expect([...once.entries()].sort()).toEqual([...inOrder.entries()].sort());
        for (const record of stream) {
          expect(applyRecord(once.get(keyOf(record)), record, config).changed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
