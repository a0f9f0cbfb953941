/**
 * The fee audit of one receivable (docs/fee-audit.md): its compared forecast's fee against gross ×
 * the contracted MDR, and its advances' fees against the contracted monthly rate pro rata for the
 * days advanced. Derived when a receivable is shown or exported, from what the item holds and the
 * rate table: no read beyond the receivable, and a corrected rate applies without rewriting items.
 */
import { daysBetween, type IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import type { Cents } from '../money';
import { comparedForecast } from '../receivables/corrections';
import type { ReceivableContent } from '../receivables/matcher';
import { type ReceivableView, toReceivableView } from '../receivables/view';
import { contractRateFor } from './lookup';
import { contractAdvanceFeeCents, contractFeeCents, percentText } from './money';
import type { ContractRate } from './rates';

const FEE_AUDIT_RESULTS = ['OK', 'FEE_ABOVE_CONTRACT', 'FEE_BELOW_CONTRACT', 'NO_CONTRACT_RATE'] as const;
export type FeeAuditResult = (typeof FEE_AUDIT_RESULTS)[number];

/** The export's fee-audit fields; all null when the audit is off or the receivable has no forecast. */
export interface FeeAudit {
  readonly feeAudit: FeeAuditResult | null;
  /** The contracted MDR as a decimal percent (`"2.39"`). */
  readonly contractMdrPercent: string | null;
  readonly contractFeeCents: Cents | null;
  /** The fee's magnitude, whatever sign the layout writes it with. */
  readonly chargedFeeCents: Cents | null;
  /** Charged − contracted. */
  readonly feeDifferenceCents: Cents | null;
  /** The same check for the receivable's advances (null without one). */
  readonly advanceFeeAudit: FeeAuditResult | null;
  readonly contractAdvanceFeeCents: Cents | null;
  /** Advance fees charged − contracted. */
  readonly advanceFeeDifferenceCents: Cents | null;
}

const NO_FEE_AUDIT: FeeAudit = {
  feeAudit: null,
  contractMdrPercent: null,
  contractFeeCents: null,
  chargedFeeCents: null,
  feeDifferenceCents: null,
  advanceFeeAudit: null,
  contractAdvanceFeeCents: null,
  advanceFeeDifferenceCents: null,
};

/** `rates` null: the audit is off (no table). */
export function auditFees(
  receivable: ReceivableContent,
  rates: readonly ContractRate[] | null,
  config: Pick<ReconConfig, 'feeToleranceCents'>,
): FeeAudit {
  const { forecast } = comparedForecast(receivable.forecasts);
  const sale = forecast?.sale;
  // No gross or fee to compare (a layout without them, an item stored before they were kept): no verdict.
  if (rates === null || sale?.grossCents === undefined || sale.feeCents === undefined) return NO_FEE_AUDIT;
  const rate = contractRateFor(rates, {
    acquirer: receivable.acquirer,
    brand: receivable.brand,
    product: sale.product ?? null,
    installments: sale.installments ?? null,
    saleDate: receivable.saleDate,
  });
  // Layouts write the fee as a debit (VLTAXA -2,39) or as an amount (2,39): one fee either way, so
  // it is compared by magnitude, as the advances' fees are (matcher.ts), and a negative fee never
  // reads as charged below the contract.
  const chargedFeeCents = Math.abs(sale.feeCents);
  if (rate === undefined) return { ...NO_FEE_AUDIT, feeAudit: 'NO_CONTRACT_RATE', chargedFeeCents };
  const contract = contractFeeCents(Math.abs(sale.grossCents), rate.mdrMicro);
  return {
    feeAudit: verdict(chargedFeeCents - contract, config.feeToleranceCents),
    contractMdrPercent: percentText(rate.mdrMicro),
    contractFeeCents: contract,
    chargedFeeCents,
    feeDifferenceCents: chargedFeeCents - contract,
    ...auditAdvances(receivable, rate, config.feeToleranceCents),
  };
}

/**
 * Each advance's fee against its face value (paid + fee) × the monthly rate × days from the day it
 * paid to the receivable's due date / 30; summed over the receivable's advances.
 */
function auditAdvances(
  receivable: ReceivableContent,
  rate: ContractRate,
  tolerance: Cents,
): Pick<FeeAudit, 'advanceFeeAudit' | 'contractAdvanceFeeCents' | 'advanceFeeDifferenceCents'> {
  const advances = receivable.events?.filter((e) => e.role === 'ADVANCE') ?? [];
  const dueDate = receivable.dueDate;
  if (advances.length === 0 || dueDate === null || advances.some((a) => a.paymentDate === null)) {
    return { advanceFeeAudit: null, contractAdvanceFeeCents: null, advanceFeeDifferenceCents: null };
  }
  let charged = 0;
  let contract = 0;
  for (const advance of advances) {
    const fee = advance.feeCents ?? 0;
    const days = daysBetween(advance.paymentDate as string, dueDate);
    const copies = advance.occurrences.copies;
    charged += fee * copies;
    contract += contractAdvanceFeeCents(advance.netCents + fee, rate.advanceMonthlyMicro, days) * copies;
  }
  return {
    advanceFeeAudit: verdict(charged - contract, tolerance),
    contractAdvanceFeeCents: contract,
    advanceFeeDifferenceCents: charged - contract,
  };
}

function verdict(difference: Cents, tolerance: Cents): FeeAuditResult {
  if (difference > tolerance) return 'FEE_ABOVE_CONTRACT';
  if (difference < -tolerance) return 'FEE_BELOW_CONTRACT';
  return 'OK';
}

/** The view with the fee audit (docs/fee-audit.md): what `recon receivables` lists. */
export type AuditedReceivableView = ReceivableView & FeeAudit;

/** `rates` null: the audit is off (no table, or a bad one), and its fields are empty. */
export function toAuditedView(
  receivable: ReceivableContent,
  asOf: IsoDate,
  config: Pick<ReconConfig, 'tolerance' | 'graceDays' | 'feeToleranceCents'>,
  rates: readonly ContractRate[] | null,
): AuditedReceivableView {
  return { ...toReceivableView(receivable, asOf, config), ...auditFees(receivable, rates, config) };
}

/** The audit as the change export's columns (ingest/lake/tables.ts). */
export function feeAuditColumns(audit: FeeAudit): Record<string, unknown> {
  return {
    fee_audit: audit.feeAudit,
    contract_mdr_percent: audit.contractMdrPercent,
    contract_fee_cents: audit.contractFeeCents,
    charged_fee_cents: audit.chargedFeeCents,
    fee_difference_cents: audit.feeDifferenceCents,
    advance_fee_audit: audit.advanceFeeAudit,
    contract_advance_fee_cents: audit.contractAdvanceFeeCents,
    advance_fee_difference_cents: audit.advanceFeeDifferenceCents,
  };
}
