/**
 * The fee audit's part of the run summary (docs/fee-audit.md), as plain JSON: whether it ran, and
 * what was charged above the contract. Built by fee-audit/section-reader.ts, shown by report-section.ts.
 */
import type { Cents } from '../money';

export interface OverchargeLine {
  readonly acquirer: string;
  readonly brand: string;
  readonly overchargedCents: Cents;
  readonly items: number;
}

export interface OverchargeItem {
  readonly key: string;
  readonly acquirer: string;
  readonly brand: string;
  readonly saleDate: string | null;
  readonly nsu: string | null;
  readonly installment: number | null;
  /** SALE: the MDR; ADVANCE: the receivable's advance fees. */
  readonly kind: 'SALE' | 'ADVANCE';
  readonly contractMdrPercent: string | null;
  /** The fee charged over the gross, in percent (two decimals); null for an advance. */
  readonly chargedMdrPercent: string | null;
  readonly contractFeeCents: Cents;
  readonly chargedFeeCents: Cents;
  readonly differenceCents: Cents;
}

export type FeeAuditSection =
  | { readonly state: 'OFF' }
  | {
      readonly state: 'INVALID';
      readonly errors: readonly { readonly row: number; readonly reason: string }[];
      readonly errorCount: number;
    }
  | {
      readonly state: 'ON';
      /** Receivables with a sale's gross and fee to audit, with a contracted rate or without. */
      readonly audited: number;
      /**
       * Those no row of the table governs (NO_CONTRACT_RATE): never compared, so when they are all
       * of them nothing was, and the report says so rather than "no fee above the contract".
       */
      readonly withoutRate: number;
      readonly overchargedCents: Cents;
      readonly byAcquirerBrand: readonly OverchargeLine[];
      readonly largest: readonly OverchargeItem[];
      /**
       * Every item, ordered as `largest` (the night's, so as small as the night): the full CSV list
       * beside the report. Absent in summaries written before it.
       */
      readonly items?: readonly OverchargeItem[];
    };
