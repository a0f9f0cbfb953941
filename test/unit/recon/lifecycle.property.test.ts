/**
 * One receivable's records of every role (a forecast, payments, cancellations, chargebacks and
 * reversals, advances, signed adjustments), rendered as the provider might (amounts as numbers or
 * text with either decimal separator, identifiers with leading zeros, column names in any case, rule
 * and sign values in any spelling), delivered in any order, in batches, re-downloaded and re-delivered
 * in a later report: the derived state and amounts are always the same, and equal a reference written
 * here straight from docs/lifecycle.md, independently of the matcher and status code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import { parseReconConfig, type ReconConfig } from '../../../lambdas/core/config';
import { explain, RECON_STATUSES } from '../../../lambdas/core/receivables/status';
import {
  DAY0,
  deliver,
  deliveryArb,
  KINDS,
  type Kind,
  type Logical,
} from '../../support/lifecycle-deliveries';

const logicalArb = (kind: fc.Arbitrary<Kind>) =>
  fc.record({
    kind,
    // Mostly parts of a 100.00 forecast (so that payments, advances and cancellations often add up).
    cents: fc.oneof(fc.constantFrom(10_000, 5_000, 2_500, 9_700, 300), fc.integer({ min: 1, max: 50_000 })),
    negative: fc.boolean(),
    signColumn: fc.constantFrom<'C' | 'D' | undefined>('C', 'D', undefined),
    feeCents: fc.oneof(fc.constantFrom(0, 300), fc.integer({ min: 0, max: 2_000 })),
    day: fc.integer({ min: 0, max: 6 }),
  });

const recordsArb = fc
  .tuple(
    fc.option(logicalArb(fc.constant<Kind>('A1')), { nil: undefined }),
    fc.array(logicalArb(fc.constantFrom<Kind>(...KINDS)), { maxLength: 7 }),
  )
  .map(([forecast, others]) => (forecast ? [forecast, ...others] : others))
  .filter((records) => records.length > 0)
  .chain((records) => fc.constantFrom('none', 'D1', 'F1').map((kind) => closingGap(records, kind)));

/**
 * Random amounts rarely add up, so half the time a payment or an advance (fee 3.00) that pays what
 * is still expected is added: settled and advanced receivables are reached too.
 */
function closingGap(records: readonly Logical[], kind: string): Logical[] {
  const total = (kinds: readonly Kind[], amount: (r: Logical) => number) =>
    records.filter((r) => kinds.includes(r.kind)).reduce((sum, r) => sum + amount(r), 0);
  const signed = (r: Logical) => (r.negative ? -1 : 1) * (r.signColumn === 'D' ? -1 : 1) * r.cents;
  const expected =
    total(['A1'], (r) => r.cents) - total(['A2', 'E1-06'], (r) => r.cents) + total(['E1-ADJ'], signed);
  const received =
    total(['D1', 'F1'], (r) => r.cents) +
    total(['F1'], (r) => r.feeCents) -
    total(['E1-08'], (r) => r.cents) +
    total(['E1-09'], (r) => r.cents);
  const gap = expected - received - (kind === 'F1' ? 300 : 0);
  if (kind === 'none' || gap <= 0) return [...records];
  const closing = {
    kind: kind as Kind,
    cents: gap,
    negative: false,
    signColumn: undefined,
    feeCents: 300,
    day: 2,
  };
  return [...records, closing];
}

const ROLES = {
  recordRoles: {
    A2: 'CANCELLATION',
    E1: {
      column: 'TIPOLANCAMENTO',
      values: { '06': 'CANCELLATION', '08': 'CHARGEBACK', '09': 'CHARGEBACK_REVERSAL' },
      default: 'ADJUSTMENT',
    },
    F1: 'ADVANCE',
  },
  recordSign: { columns: ['SINAL'], negative: ['D', '-'], positive: ['C', '+'] },
} as const;

/** docs/lifecycle.md, read literally, over the logical records (each one record, whatever its deliveries). */
function reference(records: readonly Logical[], asOf: IsoDate, config: ReconConfig) {
  const of = (kind: Kind) => records.filter((r) => r.kind === kind);
  const sum = (list: readonly Logical[], amount: (r: Logical) => number) =>
    list.reduce((total, r) => total + amount(r), 0);
  const forecast = of('A1')[0];
  const payments = of('D1');
  const advances = of('F1');
  const cancelled = sum([...of('A2'), ...of('E1-06')], (r) => r.cents);
  const chargedBack = sum(of('E1-08'), (r) => r.cents) - sum(of('E1-09'), (r) => r.cents);
  const adjustment = sum(
    of('E1-ADJ'),
    (r) => (r.negative ? -1 : 1) * (r.signColumn === 'D' ? -1 : 1) * r.cents,
  );
  const advanceFee = sum(advances, (r) => r.feeCents);
  // Advances that cover the whole installment leave nothing for a payment: its payments are set aside.
  const advancedInFull =
    forecast !== undefined &&
    payments.length > 0 &&
    advances.length > 0 &&
    sum(advances, (r) => r.cents + r.feeCents) >= forecast.cents - cancelled + adjustment;
  const settled = sum(advancedInFull ? [] : payments, (r) => r.cents) + sum(advances, (r) => r.cents);
  // Charged back on a sale never seen: what was paid stands for the unknown forecast.
  const basis = forecast?.cents ?? (chargedBack > 0 ? settled : 0);
  const expected = basis - cancelled + adjustment;
  const received = settled - chargedBack;
  const difference = received + advanceFee - expected;
  const bp = Math.round(config.tolerance.percent * 100);
  const tolerance = Math.max(config.tolerance.absoluteCents, Math.floor((expected * bp) / 10_000));
  const money = payments.length + advances.length > 0;
  const chargebackDays = [...of('E1-08')].map((r) => addDays(DAY0, r.day)).sort();
  let state: [string, string];
  if (forecast === undefined) {
    const chargebacks = of('E1-08').length + of('E1-09').length;
    if (chargedBack > 0) state = ['CHARGED_BACK', 'CHARGEBACK_WITHOUT_SALE'];
    else if (money) state = ['UNEXPECTED', 'NO_FORECAST'];
    else if (chargebacks > 0) state = ['UNLINKED', 'CHARGEBACK_WITHOUT_SALE'];
    else state = ['UNLINKED', cancelled > 0 ? 'CANCELLATION_WITHOUT_SALE' : 'ADJUSTMENT_WITHOUT_SALE'];
  } else if (chargedBack > 0) state = ['CHARGED_BACK', 'CHARGEBACK'];
  else if (cancelled > 0 && expected <= tolerance) {
    state = ['CANCELLED', money ? 'CANCELLED_AFTER_PAYMENT' : 'CANCELLED_BEFORE_PAYMENT'];
  } else if (money && Math.abs(difference) <= tolerance) {
    if (advances.length > 0) state = ['ADVANCED', advancedInFull ? 'ADVANCE_AND_PAYMENT' : 'ADVANCE'];
    else if (cancelled > 0) state = ['SETTLED', 'PARTLY_CANCELLED'];
    else if (difference !== 0) state = ['SETTLED', 'WITHIN_TOLERANCE'];
    else state = ['SETTLED', payments.length > 1 ? 'PARTIAL_PAYMENTS' : 'EXACT'];
  } else if (money) {
    const review = advancedInFull ? 'ADVANCE_AND_PAYMENT' : undefined;
    state =
      difference < 0 ? ['UNDERPAID', review ?? 'SHORT_PAYMENT'] : ['OVERPAID', review ?? 'OVER_PAYMENT'];
  } else
    state =
      addDays(addDays(DAY0, 3), config.graceDays) < asOf
        ? ['OVERDUE', 'PAST_DUE']
        : ['OPEN', 'AWAITING_PAYMENT'];
  return {
    status: state[0],
    reason: state[1],
    forecastNetCents: forecast?.cents ?? null,
    settledNetCents: settled,
    differenceCents: difference,
    cancelledNetCents: cancelled,
    chargedBackNetCents: chargedBack,
    adjustmentNetCents: adjustment,
    advanceFeeCents: advanceFee,
    expectedNetCents: expected,
    receivedNetCents: received,
    lastChargebackDate: chargebackDays.at(-1) ?? null,
  };
}

const configArb = fc.record({
  absoluteCents: fc.integer({ min: 0, max: 300 }),
  percent: fc.constantFrom(0, 0.5, 2),
  graceDays: fc.integer({ min: 0, max: 4 }),
});

describe('receivable lifecycle against a reference computation', () => {
  it('derives the same state and amounts for any order, repetition and rendering, equal to the reference', () => {
    const scenario = recordsArb.chain((records) =>
      fc.tuple(fc.constant(records), deliveryArb(records.length), deliveryArb(records.length)),
    );
    const seen = new Set<string>();
    fc.assert(
      fc.property(scenario, configArb, fc.nat(12), ([records, one, two], tolerance, asOfDay) => {
        const config = parseReconConfig({
          ...ROLES,
          tolerance: { absoluteCents: tolerance.absoluteCents, percent: tolerance.percent },
          graceDays: tolerance.graceDays,
        });
        const asOf = addDays(DAY0, asOfDay);
        const [a, b] = [deliver(records, one, config), deliver(records, two, config)];
        if (a === undefined || b === undefined) throw new Error('no receivable');
        const { lastPaymentDate, settlementCount, ...explained } = explain(a, asOf, config);
        expect(explained).toEqual(reference(records, asOf, config));
        expect(explain(b, asOf, config)).toEqual(explain(a, asOf, config));
        seen.add(`${explained.status}/${explained.reason}`);
      }),
      { numRuns: 500 },
    );
    // The generator reaches every state records can give (a property that never meets a state proves
    // nothing of it); MERGED comes from a person's manual match only (receivables/manual-match.ts).
    const fromRecords = RECON_STATUSES.filter((s) => s !== 'MERGED');
    expect([...new Set([...seen].map((s) => s.split('/')[0]))].sort()).toEqual([...fromRecords].sort());
  });

  it('keeps a receivable without role records exactly as before roles existed', () => {
    const forecast: Logical = {
      kind: 'A1',
      cents: 10_000,
      negative: false,
      signColumn: undefined,
      feeCents: 0,
      day: 0,
    };
    const scenario = fc
      .array(logicalArb(fc.constant<Kind>('D1')), { maxLength: 3 })
      .map((payments) => [forecast, ...payments])
      .chain((records) => fc.tuple(fc.constant(records), deliveryArb(records.length)));
    fc.assert(
      fc.property(scenario, ([records, d]) => {
        const withRoles = deliver(records, d, parseReconConfig(ROLES));
        const without = deliver(records, d, parseReconConfig({}));
        expect(withRoles).toEqual(without);
        expect(withRoles?.events).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
