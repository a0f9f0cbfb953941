/**
 * Fees charged above the contract as pendências: each line the fee audit kept for a night
 * (fee-audit/overcharges-lake.ts) is a break about that line, `f:<SALE|ADVANCE>|<match key>`, so a
 * decision follows the line from night to night. The money at stake is the overcharge; expected and
 * received are the contracted and the charged fee, so a fee charged again differently reopens it.
 * First seen is the first night that kept the line (fee-audit/standing.ts); its money, the latest's;
 * a night that audited the receivable again without the line resolves it. It is printed as its
 * receivable's sale (no `place`: that is a deposit's account).
 */
import type { DatedOvercharge, NightOvercharge } from '../fee-audit/overcharges-lake';
import { type DecidedOvercharge, overchargeIdentity } from '../fee-audit/section-model';
import { standingOvercharges } from '../fee-audit/standing';
import { DECIDED_STATUSES, type DecidedStatus } from './kinds';
import type { ObservedBreak } from './observed';
import type { BreakView } from './status';

const PREFIX = 'f:';

export const isFeeBreakId = (id: string) => id.startsWith(PREFIX);

export const feeBreakId = (line: NightOvercharge) => `${PREFIX}${overchargeIdentity(line)}`;

/** One break per line that stands after the nights read. */
export function observedOfOvercharges(nights: readonly DatedOvercharge[]): ObservedBreak[] {
  return [...standingOvercharges(nights).values()].map(({ line, since }) => ({
    id: feeBreakId(line),
    subject: {
      acquirer: line.acquirer,
      merchant: line.merchant,
      saleDate: line.saleDate,
      nsu: line.nsu,
      installment: line.installment,
      dueDate: line.dueDate,
    },
    basis: {
      kind: 'FEE_ABOVE_CONTRACT',
      stakeCents: line.differenceCents,
      expectedNetCents: line.contractFeeCents,
      receivedNetCents: line.chargedFeeCents,
    },
    firstSeen: since,
  }));
}

const decidedStatus = (v: BreakView): DecidedStatus | undefined =>
  (DECIDED_STATUSES as readonly string[]).includes(v.status) ? (v.status as DecidedStatus) : undefined;

/** The lines of the night a person decided on, as the fee audit's section marks them. */
export function decidedOvercharges(
  views: readonly BreakView[],
  night: readonly NightOvercharge[],
): DecidedOvercharge[] {
  const statuses = new Map(views.flatMap((v) => (isFeeBreakId(v.id) ? [[v.id, decidedStatus(v)]] : [])));
  return night.flatMap((line) => {
    const status = statuses.get(feeBreakId(line));
    if (status === undefined) return [];
    return [
      {
        identity: overchargeIdentity(line),
        acquirer: line.acquirer,
        differenceCents: line.differenceCents,
        status,
      },
    ];
  });
}
