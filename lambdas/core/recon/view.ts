/**
 * The public shape of a receivable: what `recon receivables` prints (one JSON object per line) and
 * what the simulator's ground truth is compared with. Status is derived as of the asked date, not
 * read from storage, so a listing is right even before the nightly aging sweep has run.
 */
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
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
  };
}
