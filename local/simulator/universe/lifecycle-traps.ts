/**
 * Cases of the lifecycle dataset (option `lifecycle: 'traps'`) that count money twice when read
 * naively, drawn after every other record (so the rest of the dataset stays what it was):
 * - an installment advanced in full whose regular D1 is sent as well (the advance counts once);
 * - a payment and its chargeback on a sale whose forecast recon never saw (a fresh NSU, no A1): the
 *   chargeback must still be contested;
 * - a fee whose record carries no date at all (quarantined: it would belong to no period).
 */
import { accountCarrier, type DataRecord, type Receivable, record } from './dataset-records';
import { intBetween, type Rng } from './random';

/** Each case's count: a handful, enough to show in any period of the dataset. */
const CASES = 2;

/** The trap records, built on `unclaimed`: exact D1s no other lifecycle case took. */
export function traps(
  rng: Rng,
  unclaimed: readonly DataRecord[],
  advance: (r: Receivable) => DataRecord,
  chargeback: (r: Receivable, day: number) => DataRecord,
): DataRecord[] {
  const out: DataRecord[] = [];
  // Advanced in full, and paid again: the D1 stays in the dataset as it was.
  for (const payment of unclaimed.slice(0, CASES)) out.push(advance(payment.receivable));
  // Paid and charged back under a key no sale (no A1) has.
  unclaimed.slice(CASES, 2 * CASES).forEach((payment, i) => {
    const r = { ...payment.receivable, sale: { ...payment.receivable.sale, nsu: String(98_000_000 + i) } };
    const paid = record('D1', r, r.netCents, payment.paymentDay);
    out.push(paid, chargeback(r, (payment.paymentDay as number) + intBetween(rng, 5, 40)));
  });
  // A fee without any date: the same carrier as every account item, no payment day.
  for (const payment of unclaimed.slice(2 * CASES, 3 * CASES)) {
    const { acquirer, merchant } = payment.receivable.sale;
    const carrier = accountCarrier(acquirer, merchant, payment.day);
    const cents = intBetween(rng, 100, 900);
    const undated = record('G1', carrier, -cents, null, 0);
    out.push({ ...undated, role: { role: 'FEE', cents, reason: 'TARIFA SEM DATA', accountLevel: true } });
  }
  return out;
}
