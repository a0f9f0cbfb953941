/**
 * The report's "Taxas acima do contrato" (docs/fee-audit.md): what the run's receivables were
 * charged above the contract, per acquirer and brand, and the largest items with the rates side by
 * side. Built from the receivables the run touched (the touched log, as the change export reads
 * it): no read of the book, work proportional to the night.
 */
import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import type { Cents } from '../money';
import type { TouchedLog } from '../receivable-store/touched';
import { comparedForecast } from '../receivables/corrections';
import type { Receivable } from '../receivables/item';
import type { ReceivableContent } from '../receivables/matcher';
import { auditFees } from './audit';
import { ratePercentText } from './money';
import type { FeeAuditSection, OverchargeItem, OverchargeLine } from './section-model';
import { loadContractRates, type RateSourceDeps, type RateTableState } from './source';

/** Items shown on the page: enough to act on; the full list (`items`, the night's) is the CSV beside it. */
const FEE_AUDIT_TOP_ITEMS = 10;
/** Bad rows shown: a table wrong throughout needs its first rows fixed before the rest matter. */
const ERRORS_SHOWN = 20;

export function feeAuditSection(
  receivables: Iterable<ReceivableContent>,
  table: RateTableState,
  config: Pick<ReconConfig, 'feeToleranceCents'>,
): FeeAuditSection {
  if (table.state === 'OFF') return { state: 'OFF' };
  if (table.state === 'INVALID') {
    return { state: 'INVALID', errors: table.errors.slice(0, ERRORS_SHOWN), errorCount: table.errors.length };
  }
  const items: OverchargeItem[] = [];
  let audited = 0;
  let withoutRate = 0;
  for (const receivable of receivables) {
    const audit = auditFees(receivable, table.rates, config);
    if (audit.feeAudit === null) continue;
    audited += 1;
    if (audit.feeAudit === 'NO_CONTRACT_RATE') withoutRate += 1;
    const base = {
      key: receivable.key,
      acquirer: receivable.acquirer ?? '',
      brand: receivable.brand ?? '',
      saleDate: receivable.saleDate,
      nsu: receivable.nsu,
      installment: receivable.installment,
    };
    if (audit.feeAudit === 'FEE_ABOVE_CONTRACT') {
      items.push({
        ...base,
        kind: 'SALE',
        contractMdrPercent: audit.contractMdrPercent,
        chargedMdrPercent: chargedPercent(receivable),
        contractFeeCents: audit.contractFeeCents as Cents,
        chargedFeeCents: audit.chargedFeeCents as Cents,
        differenceCents: audit.feeDifferenceCents as Cents,
      });
    }
    if (audit.advanceFeeAudit === 'FEE_ABOVE_CONTRACT') {
      const contract = audit.contractAdvanceFeeCents as Cents;
      const difference = audit.advanceFeeDifferenceCents as Cents;
      items.push({
        ...base,
        kind: 'ADVANCE',
        contractMdrPercent: null,
        chargedMdrPercent: null,
        contractFeeCents: contract,
        chargedFeeCents: contract + difference,
        differenceCents: difference,
      });
    }
  }
  const sorted = [...items].sort(
    (a, b) => b.differenceCents - a.differenceCents || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return {
    state: 'ON',
    audited,
    withoutRate,
    overchargedCents: items.reduce((sum, item) => sum + item.differenceCents, 0),
    byAcquirerBrand: linesOf(items),
    largest: sorted.slice(0, FEE_AUDIT_TOP_ITEMS),
    items: sorted,
  };
}

function linesOf(items: readonly OverchargeItem[]): OverchargeLine[] {
  const lines = new Map<
    string,
    { acquirer: string; brand: string; overchargedCents: Cents; items: number }
  >();
  for (const item of items) {
    const id = JSON.stringify([item.acquirer, item.brand]);
    const line = lines.get(id) ?? {
      acquirer: item.acquirer,
      brand: item.brand,
      overchargedCents: 0,
      items: 0,
    };
    line.overchargedCents += item.differenceCents;
    line.items += 1;
    lines.set(id, line);
  }
  return [...lines.values()].sort(
    (a, b) =>
      b.overchargedCents - a.overchargedCents ||
      a.acquirer.localeCompare(b.acquirer) ||
      a.brand.localeCompare(b.brand),
  );
}

/** The charged rate of the magnitudes the audit compared (audit.ts), so a debit-signed fee shows positive. */
function chargedPercent(receivable: ReceivableContent): string | null {
  const sale = comparedForecast(receivable.forecasts).forecast?.sale;
  if (!sale?.grossCents || sale.feeCents === undefined) return null;
  return ratePercentText(Math.abs(sale.feeCents), Math.abs(sale.grossCents));
}

export interface FeeAuditReaderDeps extends RateSourceDeps {
  readonly config: Pick<ReconConfig, 'identifierNormalizers' | 'feeToleranceCents'>;
  readonly touched: Pick<TouchedLog, 'batchesOf'>;
}

/**
 * The summary's fee-audit section for the business date: the table read from the bucket, the night's
 * receivables from the touched log (each at its highest logged version, as the change export takes them).
 */
export function buildFeeAuditReader(deps: FeeAuditReaderDeps): (asOf: IsoDate) => Promise<FeeAuditSection> {
  return async (asOf) => {
    const table = await loadContractRates(deps);
    if (table.state !== 'ON') return feeAuditSection([], table, deps.config);
    const latest = new Map<string, Receivable>();
    for await (const batch of deps.touched.batchesOf(asOf)) {
      for (const receivable of batch.receivables) {
        const kept = latest.get(receivable.key);
        if (!kept || receivable.version > kept.version) latest.set(receivable.key, receivable);
      }
    }
    return feeAuditSection(latest.values(), table, deps.config);
  };
}
