/**
 * Fees charged above the contract as pendências: each line the fee audit kept for a night
 * (fee-audit/overcharges-lake.ts) is a break about that line, `f:<SALE|ADVANCE>|<match key>`, so a
 * decision follows the line from night to night. The money at stake is the overcharge; expected and
 * received are the contracted and the charged fee, so a fee charged again differently reopens it.
 * First seen is the first night of the days read that kept the line; its money, the latest night's.
 */
import type { IsoDate } from '../calendar';
import type { DatedOvercharge } from '../fee-audit/overcharges-lake';
import { type DecidedOvercharge, overchargeIdentity } from '../fee-audit/section-model';
import { DECIDED_STATUSES, type DecidedStatus } from './kinds';
import type { ObservedBreak } from './observed';
import type { BreakView } from './status';

const PREFIX = 'f:';

export const isFeeBreakId = (id: string) => id.startsWith(PREFIX);

export const feeBreakId = (line: DatedOvercharge['line']) => `${PREFIX}${overchargeIdentity(line)}`;

/** One break per line identity, whatever number of nights kept it. */
export function observedOfOvercharges(nights: readonly DatedOvercharge[]): ObservedBreak[] {
  const byId = new Map<string, { first: IsoDate; latest: DatedOvercharge }>();
  for (const night of nights) {
    const id = feeBreakId(night.line);
    const known = byId.get(id);
    byId.set(id, {
      first: known && known.first < night.auditedOn ? known.first : night.auditedOn,
      latest: known && known.latest.auditedOn > night.auditedOn ? known.latest : night,
    });
  }
  return [...byId].map(([id, { first, latest }]) => {
    const { line } = latest;
    return {
      id,
      subject: {
        acquirer: line.acquirer,
        merchant: line.merchant,
        saleDate: line.saleDate,
        nsu: line.nsu,
        installment: line.installment,
        dueDate: line.dueDate,
        place: line.brand,
      },
      basis: {
        kind: 'FEE_ABOVE_CONTRACT',
        stakeCents: line.differenceCents,
        expectedNetCents: line.contractFeeCents,
        receivedNetCents: line.chargedFeeCents,
      },
      firstSeen: first,
    };
  });
}

const decidedStatus = (v: BreakView): DecidedStatus | undefined =>
  (DECIDED_STATUSES as readonly string[]).includes(v.status) ? (v.status as DecidedStatus) : undefined;

/** The lines of the night a person decided on, as the fee audit's section marks them. */
export function decidedOvercharges(
  views: readonly BreakView[],
  night: readonly DatedOvercharge['line'][],
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
