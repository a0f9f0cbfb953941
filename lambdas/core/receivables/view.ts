/**
 * The public shape of a receivable: what `recon receivables` prints (one JSON object per line) and
 * what the simulator's ground truth is compared with. Status is derived as of the asked date, not
 * read from storage, so a listing is right even before the nightly aging sweep has run.
 */
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { RECORD_ROLES, type RecordRole } from '../ingest/records/roles';
import type { Cents } from '../money';
import type { ReceivableContent, ReceivableFields } from './matcher';
import { explain, type ReasonCode, type ReconStatus } from './status';

export interface ReceivableView extends Omit<ReceivableFields, 'brand'> {
  readonly status: ReconStatus;
  readonly forecastNetCents: Cents | null;
  readonly settledNetCents: Cents;
  readonly differenceCents: Cents;
  readonly reason: ReasonCode;
  readonly lastPaymentDate: IsoDate | null;
  readonly settlementCount: number;
  /** Lifecycle amounts (docs/lifecycle.md); 0 for a receivable of forecasts and payments only. */
  readonly cancelledNetCents: Cents;
  readonly chargedBackNetCents: Cents;
  readonly adjustmentNetCents: Cents;
  readonly advanceFeeCents: Cents;
  readonly expectedNetCents: Cents;
  readonly receivedNetCents: Cents;
  readonly lastChargebackDate: IsoDate | null;
  /** The roles of the receivable's records, `+`-joined in role order (`FORECAST+PAYMENT`). */
  readonly roles: string;
}

export function toReceivableView(
  receivable: ReceivableContent,
  asOf: IsoDate,
  config: Pick<ReconConfig, 'tolerance' | 'graceDays'>,
): ReceivableView {
  const explanation = explain(receivable, asOf, config);
  return {
    acquirer: receivable.acquirer,
    merchant: receivable.merchant,
    saleDate: receivable.saleDate,
    nsu: receivable.nsu,
    authorization: receivable.authorization,
    installment: receivable.installment,
    status: explanation.status,
    forecastNetCents: explanation.forecastNetCents,
    settledNetCents: explanation.settledNetCents,
    dueDate: receivable.dueDate,
    differenceCents: explanation.differenceCents,
    reason: explanation.reason,
    lastPaymentDate: explanation.lastPaymentDate,
    settlementCount: explanation.settlementCount,
    cancelledNetCents: explanation.cancelledNetCents,
    chargedBackNetCents: explanation.chargedBackNetCents,
    adjustmentNetCents: explanation.adjustmentNetCents,
    advanceFeeCents: explanation.advanceFeeCents,
    expectedNetCents: explanation.expectedNetCents,
    receivedNetCents: explanation.receivedNetCents,
    lastChargebackDate: explanation.lastChargebackDate,
    roles: rolesOf(receivable),
  };
}

/** The roles present in a receivable, in the order of RECORD_ROLES. */
function rolesOf(receivable: ReceivableContent): string {
  const present = new Set<RecordRole>(receivable.events?.map((e) => e.role));
  if (receivable.forecasts.length > 0) present.add('FORECAST');
  if (receivable.settlements.length > 0) present.add('PAYMENT');
  return RECORD_ROLES.filter((role) => present.has(role)).join('+');
}
