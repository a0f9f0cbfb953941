/**
 * The whole life of receivables (dataset option `lifecycle`), written under the simulator's own code
 * assignment (`roles.ts`; the provider's document gives A2, A3, E1, F1 and G1 no meaning). Each case
 * takes its own receivables, disjoint and seeded:
 * - A2 cancels a forecast never paid in full (some A2s are reported days before their A1) or in part,
 *   the rest paid by a D1 of the remainder;
 * - E1 06 cancels after payment; E1 08 charges a payment back, E1 09 reverses some chargebacks;
 * - E1 01/02 adjust a receivable (unsigned, SINAL C/D, MOTIVO), its D1 paying the adjusted amount;
 * - F1 advances an installment (paid before its due date, minus the advance fee in VLTAXA) instead of
 *   its D1;
 * - a few cancellations and chargebacks carry the key of no sale at all;
 * - A3 copies receivables and means nothing (IGNORE); account-level items come from `account-items.ts`;
 * - with `lifecycle: 'traps'`, cases that count money twice when read naively come last
 *   (`lifecycle-traps.ts`).
 * What each record is meant to be travels with it (`role`), for the answer key.
 */
import { accountItems, adjustmentTerms, type Period } from './account-items';
import { type DataRecord, otherCodes, type Receivable, type RoleIntent, record } from './dataset-records';
import { traps } from './lifecycle-traps';
import { intBetween, type Rng, shuffleInPlace } from './random';

export interface Lives {
  /** A2 and A3. */
  readonly sales: DataRecord[];
  /** The D1s, some re-amounted (partly cancelled, adjusted) or removed (advanced). */
  readonly payments: DataRecord[];
  /** E1, F1 and G1. */
  readonly financial: DataRecord[];
}

/** Share of the receivables each case takes (at least one each when there are candidates). */
const SHARES = {
  cancelledUnpaid: 0.02,
  partlyCancelled: 0.02,
  cancelledAfterPayment: 0.015,
  chargedBack: 0.01,
  chargebackReversed: 0.01,
  advanced: 0.02,
  adjusted: 0.02,
  orphans: 0.003,
};

/** How many days before its A1 an early cancellation is reported, at most. */
const EARLY_DAYS = 5;

const withRole = (base: DataRecord, role: RoleIntent): DataRecord => ({ ...base, role });

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const order = Int32Array.from(items.keys());
  shuffleInPlace(rng, order);
  return Array.from(order, (i) => items[i] as T);
}

/** The one D1 that pays a receivable exactly, for receivables paid that way. */
function exactPayments(receivables: readonly Receivable[], d1: readonly DataRecord[]) {
  const byReceivable = new Map<Receivable, DataRecord[]>();
  for (const payment of d1)
    byReceivable.set(payment.receivable, [...(byReceivable.get(payment.receivable) ?? []), payment]);
  const paid: DataRecord[] = [];
  const unpaid: Receivable[] = [];
  for (const r of receivables) {
    const payments = byReceivable.get(r);
    if (!payments) unpaid.push(r);
    else if (payments.length === 1 && payments[0]?.netCents === r.netCents && r.netCents >= 2)
      paid.push(payments[0]);
  }
  return { paid, unpaid };
}

function cancellation(rng: Rng, r: Receivable, cents: number, period: Period): DataRecord {
  const base = record('A2', r, cents, null, 0);
  const early = rng() < 0.5 ? intBetween(rng, 1, EARLY_DAYS) : 0;
  const day = r.sale.saleDay - early >= period.fromDay ? r.sale.saleDay - early : r.sale.saleDay;
  const reason = cents === r.netCents ? 'CANCELAMENTO TOTAL' : 'CANCELAMENTO PARCIAL';
  return withRole({ ...base, day }, { role: 'CANCELLATION', cents, reason });
}

/** An E1 of a fixed direction: SINAL as given, the amount now and then negative (read as a magnitude). */
function entry(rng: Rng, r: Receivable, day: number, terms: Omit<RoleIntent, 'cents'>, cents: number) {
  const written = terms.sign === 'D' && rng() < 0.3 ? -cents : cents;
  return withRole(record('E1', r, written, day, 0), { ...terms, cents });
}

const AFTER_PAYMENT = {
  role: 'CANCELLATION',
  entryType: '06',
  sign: 'D',
  reason: 'CANCELAMENTO APOS PAGAMENTO',
} as const;
const CHARGEBACK = {
  role: 'CHARGEBACK',
  entryType: '08',
  sign: 'D',
  reason: 'CHARGEBACK - NAO RECONHECIDA',
} as const;
const REVERSAL = {
  role: 'CHARGEBACK_REVERSAL',
  entryType: '09',
  sign: 'C',
  reason: 'REVERSAO DE CHARGEBACK',
} as const;

function chargeback(rng: Rng, r: Receivable, day: number): DataRecord {
  return entry(rng, r, day, CHARGEBACK, r.netCents);
}

function advance(rng: Rng, r: Receivable, overcharge: (r: Receivable) => number): DataRecord {
  const early = intBetween(rng, 2, 25);
  const contract = Math.max(1, Math.round((r.netCents * early * 2) / 3000));
  const feeCents = Math.min(r.netCents - 1, contract + overcharge(r));
  const paid = r.netCents - feeCents;
  return withRole(record('F1', r, paid, r.dueDay - early, feeCents), {
    role: 'ADVANCE',
    cents: paid,
    reason: 'ANTECIPACAO',
  });
}

/** Receivables of real sales under a key no sale has (a fresh NSU): cancelled or charged back alone. */
function orphans(rng: Rng, receivables: readonly Receivable[], count: number, period: Period): DataRecord[] {
  return receivables.slice(0, count).map((real, i) => {
    const r = { ...real, sale: { ...real.sale, nsu: String(97_000_000 + i) } };
    return i % 2 === 0
      ? cancellation(rng, r, r.netCents, period)
      : chargeback(rng, r, r.dueDay + intBetween(rng, 5, 30));
  });
}

/** The records a case adds, and the D1s it re-amounts (or removes: null). */
interface Draft {
  readonly rng: Rng;
  readonly period: Period;
  readonly overcharge: (r: Receivable) => number;
  readonly sales: DataRecord[];
  readonly financial: DataRecord[];
  readonly replaced: Map<DataRecord, DataRecord | null>;
}

/** A D1 paying a different amount than it did (a part cancelled, an adjustment). */
const reamounted = (payment: DataRecord, by: number): DataRecord => ({
  ...payment,
  netCents: payment.netCents + by,
  grossCents: payment.grossCents + by,
});

function partlyCancel(draft: Draft, payment: DataRecord): void {
  const r = payment.receivable;
  const part = intBetween(draft.rng, Math.max(1, Math.floor(r.netCents / 10)), Math.floor(r.netCents / 2));
  draft.sales.push(cancellation(draft.rng, r, part, draft.period));
  draft.replaced.set(payment, reamounted(payment, -part));
}

function cancelAfterPayment(draft: Draft, payment: DataRecord): void {
  const day = (payment.paymentDay as number) + intBetween(draft.rng, 3, 20);
  draft.financial.push(entry(draft.rng, payment.receivable, day, AFTER_PAYMENT, payment.netCents));
}

function chargeBack(draft: Draft, payment: DataRecord, reversed: boolean): void {
  const r = payment.receivable;
  const charged = chargeback(draft.rng, r, (payment.paymentDay as number) + intBetween(draft.rng, 5, 40));
  draft.financial.push(charged);
  if (reversed) {
    const day = charged.day + intBetween(draft.rng, 5, 30);
    draft.financial.push(entry(draft.rng, r, day, REVERSAL, r.netCents));
  }
}

function advanceInstead(draft: Draft, payment: DataRecord): void {
  draft.financial.push(advance(draft.rng, payment.receivable, draft.overcharge));
  draft.replaced.set(payment, null);
}

function adjust(draft: Draft, payment: DataRecord): void {
  const { rng } = draft;
  const r = payment.receivable;
  const credit = rng() < 0.5;
  const cents = credit ? intBetween(rng, 50, 2000) : intBetween(rng, 1, Math.min(2000, r.netCents - 1));
  const signed = credit ? cents : -cents;
  const base = record('E1', r, cents, payment.paymentDay, 0);
  draft.financial.push(
    withRole(base, { role: 'ADJUSTMENT', cents: signed, ...adjustmentTerms(rng, credit) }),
  );
  draft.replaced.set(payment, reamounted(payment, signed));
}

export function lifecycleRecords(
  rng: Rng,
  period: Period,
  receivables: readonly Receivable[],
  d1: readonly DataRecord[],
  /** Extra fee on some advances (dataset option `feeAudit`); default none. */
  overcharge: (r: Receivable) => number = () => 0,
  /** Add the cases that count money twice when read naively (dataset option `lifecycle: 'traps'`). */
  withTraps = false,
): Lives {
  const { paid, unpaid } = exactPayments(receivables, d1);
  const count = (share: number) => Math.max(1, Math.round(receivables.length * share));
  const draft: Draft = { rng, period, overcharge, sales: [], financial: [], replaced: new Map() };
  for (const r of shuffled(rng, unpaid).slice(0, count(SHARES.cancelledUnpaid)))
    draft.sales.push(cancellation(rng, r, r.netCents, period));
  const cases: [number, (payment: DataRecord) => void][] = [
    [SHARES.partlyCancelled, (payment) => partlyCancel(draft, payment)],
    [SHARES.cancelledAfterPayment, (payment) => cancelAfterPayment(draft, payment)],
    [SHARES.chargedBack, (payment) => chargeBack(draft, payment, false)],
    [SHARES.chargebackReversed, (payment) => chargeBack(draft, payment, true)],
    [SHARES.advanced, (payment) => advanceInstead(draft, payment)],
    [SHARES.adjusted, (payment) => adjust(draft, payment)],
  ];
  const queue = shuffled(rng, paid);
  for (const [share, live] of cases) for (const payment of queue.splice(0, count(share))) live(payment);
  const strays = orphans(rng, shuffled(rng, receivables), count(SHARES.orphans) * 2, period);
  const ignored = otherCodes(rng, [...receivables], [['A3', 0.02]], false).map((a3) =>
    withRole(a3, { role: 'IGNORE', cents: a3.netCents }),
  );
  const items = accountItems(rng, period, receivables);
  const twisted = withTraps
    ? traps(
        rng,
        queue,
        (r) => advance(rng, r, overcharge),
        (r, day) => chargeback(rng, r, day),
      )
    : [];
  return {
    sales: [...draft.sales, ...strays.filter((r) => r.code === 'A2'), ...ignored],
    payments: [
      ...d1.flatMap((payment) => {
        const instead = draft.replaced.get(payment);
        return instead === undefined ? [payment] : instead === null ? [] : [instead];
      }),
      ...twisted.filter((r) => r.code === 'D1'),
    ],
    financial: [
      ...draft.financial,
      ...strays.filter((r) => r.code === 'E1'),
      ...items,
      ...twisted.filter((r) => r.code !== 'D1'),
    ],
  };
}
