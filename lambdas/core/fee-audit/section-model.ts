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

/**
 * An audited line's own identity: the receivable and what was charged on it (its sale's MDR, its
 * advances' fees). A pendência of a fee above the contract is this line (breaks/fee-breaks.ts).
 */
export const overchargeIdentity = (item: Pick<OverchargeItem, 'key' | 'kind'>) => `${item.kind}|${item.key}`;

/** What a person decided on a line, as a pendência (breaks/kinds.ts `DECIDED_STATUSES`). */
export type OverchargeDecision = 'IN_TREATMENT' | 'DISPUTED' | 'ACCEPTED';

/** A line of the night a person decided on (docs/breaks.md): out of what needs action, marked where listed. */
export interface DecidedOvercharge {
  readonly identity: string;
  readonly acquirer: string;
  readonly differenceCents: Cents;
  readonly status: OverchargeDecision;
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
      /** Absent when nobody decided on any of the night's lines: the section as the audit built it. */
      readonly decided?: readonly DecidedOvercharge[];
    };
