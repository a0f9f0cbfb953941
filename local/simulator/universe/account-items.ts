/**
 * Account-level items of the lifecycle dataset: records with no sale key, only acquirer, merchant and
 * dates, that belong to no receivable. G1 fees (POS rent on the 5th of each month, service fees, some
 * of them charged twice on one day as twins that must count twice) are written as negative numbers;
 * E1 adjustments without a key are unsigned with their direction in SINAL.
 */
import { fromEpochDay } from '../../../lambdas/core/calendar';
import { accountCarrier, type DataRecord, type Receivable, record } from './dataset-records';
import { intBetween, pick, type Rng } from './random';

export interface Period {
  readonly fromDay: number;
  readonly toDay: number;
}

type Pair = { readonly acquirer: string; readonly merchant: string };

const SERVICE_FEES = ['TARIFA DE SERVICO', 'TARIFA DE MANUTENCAO DE CONTA', 'TARIFA TED'];
const CREDIT_REASONS = ['AJUSTE A CREDITO - DIFERENCA DE TAXA', 'CREDITO POR DIFERENCA DE REPASSE'];
const DEBIT_REASONS = ['AJUSTE A DEBITO - TARIFA DE CANCELAMENTO', 'DEBITO POR DIFERENCA DE REPASSE'];

/** Share of service fees charged twice on one day (two equal fees, one report). */
const FEE_TWIN_SHARE = 0.2;

/**
 * An adjustment's direction and its written sign: mostly C/D, now and then +/-; E1 type 01 for a
 * credit, 02 for a debit (neither is named by the code assignment, so both fall to its default).
 */
export function adjustmentTerms(rng: Rng, credit: boolean) {
  return {
    entryType: credit ? '01' : '02',
    sign: credit ? (rng() < 0.8 ? 'C' : '+') : rng() < 0.8 ? 'D' : '-',
    reason: pick(rng, credit ? CREDIT_REASONS : DEBIT_REASONS),
  };
}

function pairsOf(receivables: readonly Receivable[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const { sale } of receivables) {
    const key = `${sale.acquirer}|${sale.merchant}`;
    if (!seen.has(key)) seen.set(key, { acquirer: sale.acquirer, merchant: sale.merchant });
  }
  return [...seen.values()];
}

function fee(pair: Pair, day: number, cents: number, reason: string): DataRecord {
  const base = record('G1', accountCarrier(pair.acquirer, pair.merchant, day), -cents, day, 0);
  return { ...base, role: { role: 'FEE', cents, reason, accountLevel: true } };
}

/** POS rent: each pair renting terminals pays its own monthly amount on the 5th. */
function rents(rng: Rng, pairs: readonly Pair[], period: Period): DataRecord[] {
  const renting = pairs
    .filter(() => rng() < 0.6)
    .map((pair) => ({ pair, cents: intBetween(rng, 5990, 14990) }));
  const out: DataRecord[] = [];
  for (let day = period.fromDay; day <= period.toDay; day++) {
    if (!fromEpochDay(day).endsWith('-05')) continue;
    for (const { pair, cents } of renting) out.push(fee(pair, day, cents, 'ALUGUEL POS'));
  }
  return out;
}

function serviceFees(rng: Rng, pairs: readonly Pair[], period: Period, count: number): DataRecord[] {
  return Array.from({ length: count }, () => {
    const one = fee(
      pick(rng, pairs),
      intBetween(rng, period.fromDay, period.toDay),
      intBetween(rng, 50, 3000),
      pick(rng, SERVICE_FEES),
    );
    return rng() < FEE_TWIN_SHARE ? [one, { ...one }] : [one];
  }).flat();
}

function keylessAdjustments(rng: Rng, pairs: readonly Pair[], period: Period, count: number): DataRecord[] {
  return Array.from({ length: count }, () => {
    const pair = pick(rng, pairs);
    const day = intBetween(rng, period.fromDay, period.toDay);
    const credit = rng() < 0.5;
    const cents = intBetween(rng, 100, 50_000);
    const base = record('E1', accountCarrier(pair.acquirer, pair.merchant, day), cents, day, 0);
    const terms = adjustmentTerms(rng, credit);
    return {
      ...base,
      role: { role: 'ADJUSTMENT', cents: credit ? cents : -cents, accountLevel: true, ...terms },
    };
  });
}

/** Fees and keyless adjustments for the pairs that sell, about one of each per hundred receivables. */
export function accountItems(rng: Rng, period: Period, receivables: readonly Receivable[]): DataRecord[] {
  if (receivables.length === 0) return [];
  const pairs = pairsOf(receivables);
  const count = Math.max(1, Math.round(receivables.length * 0.01));
  return [
    ...rents(rng, pairs, period),
    ...serviceFees(rng, pairs, period, count),
    ...keylessAdjustments(rng, pairs, period, count),
  ];
}
