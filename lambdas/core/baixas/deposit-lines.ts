/**
 * The ERP export's deposit lines (docs/erp-export.md, "Deposits confirmed in the bank"): a deposit is
 * confirmed when the bank shows its credit (DEPOSITED, or DEPOSIT_DIFFERS: the credit arrived with
 * another amount, which is then what the bank holds and its difference a break); its line posts the
 * credit. Like a receivable's components, a night posts what moved since what was posted: a NEW line
 * once, a REVERSAL of the posted amount and a NEW line when the amount changes, a REVERSAL alone when
 * the deposit stops being confirmed (the bank reversed it, a later match found it was not it).
 */
import type { IsoDate } from '../calendar';
import { depositIdentity } from '../deposits/result-identity';
import type { DepositResult, DepositStatus } from '../deposits/types';
import type { Cents } from '../money';
import { type BaixaLine, type LineKind, lineId, movementLines } from './lines';

/** Statuses whose credit the bank holds. */
const CONFIRMED: ReadonlySet<DepositStatus> = new Set(['DEPOSITED', 'DEPOSIT_DIFFERS']);

/** Confirmed amounts (centavos) by deposit identity (deposits/result-identity.ts). */
export type DepositAmounts = Readonly<Record<string, Cents>>;

/** The confirmed deposits of a set of results: each one's credit by its identity. */
export function confirmedOf(results: readonly DepositResult[]): Map<string, DepositResult> {
  const confirmed = new Map<string, DepositResult>();
  for (const r of results) {
    if (!CONFIRMED.has(r.status) || r.creditCents === null) continue;
    const identity = depositIdentity(r);
    if (confirmed.has(identity)) throw new Error(`two confirmed deposit results for ${identity}`);
    confirmed.set(identity, r);
  }
  return confirmed;
}

export function amountsOf(confirmed: ReadonlyMap<string, DepositResult>): DepositAmounts {
  return Object.fromEntries([...confirmed].map(([identity, r]) => [identity, r.creditCents as Cents]));
}

/** What a line says of its deposit: its result as the night left it (none: only its identity). */
function describe(identity: string, r: DepositResult | undefined) {
  return {
    receivableKey: null,
    depositKey: identity,
    bankAccount: r?.bankAccount ?? null,
    acquirer: r?.acquirer ?? null,
    merchant: null,
    saleDate: null,
    nsu: null,
    authorization: null,
    installment: null,
    brand: null,
    dueDate: r?.paymentDate ?? null,
    paymentDate: r?.creditDate ?? null,
    status: r?.status ?? null,
    reason: null,
    breakId: null,
    breakKind: null,
    matchedWith: null,
  } as const;
}

/**
 * The deposit lines of `night`: per deposit, in identity order, what its confirmed amount moved from
 * `posted`. `results` are the night's results of the dates `posted` covers; a posted deposit absent
 * from them, or not confirmed in them, is no longer confirmed.
 */
export function depositLinesOf(
  night: IsoDate,
  posted: DepositAmounts,
  results: readonly DepositResult[],
): BaixaLine[] {
  const confirmed = confirmedOf(results);
  const byIdentity = new Map(results.map((r) => [depositIdentity(r), r]));
  const identities = [...new Set([...Object.keys(posted), ...confirmed.keys()])].sort();
  return identities.flatMap((identity) => {
    const old = posted[identity] ?? 0;
    const now = confirmed.get(identity)?.creditCents ?? 0;
    const fields = describe(identity, byIdentity.get(identity));
    const line = (kind: LineKind, amountCents: Cents): BaixaLine => ({
      id: lineId(identity, 'DEPOSIT', night, kind),
      night,
      kind,
      component: 'DEPOSIT',
      amountCents,
      ...fields,
    });
    return movementLines(old, now, line);
  });
}
