/** The day a deposit result belongs to, for the report window, the listing's filters and the lake partition. */
import type { IsoDate } from '../calendar';
import type { DepositResult } from './types';

/** Its payment date; an unexplained credit (no payment date), its posting date. */
export function resultDate(r: DepositResult): IsoDate {
  const date = r.paymentDate ?? r.creditDate;
  if (date === null)
    throw new Error(`deposit result without payment or credit date: ${r.status} ${r.bankAccount}`);
  return date;
}
