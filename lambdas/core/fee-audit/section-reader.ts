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
import type { NightOvercharge } from './overcharges-lake';
import type { DecidedOvercharge, FeeAuditSection, OverchargeItem, OverchargeLine } from './section-model';
import { loadContractRates, type RateSourceDeps, type RateTableState } from './source';

/** Items shown on the page: enough to act on; the full list (`items`, the night's) is the CSV beside it. */
const FEE_AUDIT_TOP_ITEMS = 10;
/** Bad rows shown: a table wrong throughout needs its first rows fixed before the rest matter. */
const ERRORS_SHOWN = 20;

/** What one night's audit found: every line above the contract, not only the largest. */
export type FeeAuditNight =
  | { readonly table: Exclude<RateTableState, { state: 'ON' }> }
  | {
      readonly table: Extract<RateTableState, { state: 'ON' }>;
      readonly audited: number;
      readonly withoutRate: number;
      readonly overcharges: readonly NightOvercharge[];
      /** The night's receivables, each audited: a line that stood on one and is not among tonight's is cleared. */
      readonly auditedKeys: ReadonlySet<string>;
    };

export function auditNight(
  receivables: Iterable<ReceivableContent>,
  table: RateTableState,
  config: Pick<ReconConfig, 'feeToleranceCents'>,
): FeeAuditNight {
  if (table.state !== 'ON') return { table };
  const overcharges: NightOvercharge[] = [];
  let audited = 0;
  let withoutRate = 0;
  const auditedKeys = new Set<string>();
  for (const receivable of receivables) {
    const audit = auditFees(receivable, table.rates, config);
    auditedKeys.add(receivable.key);
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
      merchant: receivable.merchant,
      dueDate: receivable.dueDate,
    };
    if (audit.feeAudit === 'FEE_ABOVE_CONTRACT') {
      overcharges.push({
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
      overcharges.push({
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
  return { table, audited, withoutRate, overcharges, auditedKeys };
}

/** The summary's section of a night; `decided`: the night's lines a person decided on. */
export function sectionOfNight(
  night: FeeAuditNight,
  decided: readonly DecidedOvercharge[] = [],
): FeeAuditSection {
  if (night.table.state === 'OFF') return { state: 'OFF' };
  if (night.table.state === 'INVALID') {
    const { errors } = night.table;
    return { state: 'INVALID', errors: errors.slice(0, ERRORS_SHOWN), errorCount: errors.length };
  }
  if (!('overcharges' in night)) throw new Error('an audit that ran has its lines');
  // The summary keeps the report's columns: who the merchant is and when it falls due are the pendências'.
  const items: OverchargeItem[] = night.overcharges.map(({ merchant: _m, dueDate: _d, ...item }) => item);
  const sorted = [...items].sort(
    (a, b) => b.differenceCents - a.differenceCents || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return {
    state: 'ON',
    audited: night.audited,
    withoutRate: night.withoutRate,
    overchargedCents: items.reduce((sum, item) => sum + item.differenceCents, 0),
    byAcquirerBrand: linesOf(items),
    largest: sorted.slice(0, FEE_AUDIT_TOP_ITEMS),
    items: sorted,
    ...(decided.length === 0 ? {} : { decided }),
  };
}

export function feeAuditSection(
  receivables: Iterable<ReceivableContent>,
  table: RateTableState,
  config: Pick<ReconConfig, 'feeToleranceCents'>,
): FeeAuditSection {
  return sectionOfNight(auditNight(receivables, table, config));
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
  /** Keeps the night's lines for the pendências (overcharges-lake.ts); absent, they are not kept. */
  readonly keep?: (
    asOf: IsoDate,
    night: { readonly lines: readonly NightOvercharge[]; readonly auditedKeys: ReadonlySet<string> },
  ) => Promise<void>;
}

/**
 * The night's audit for the business date: the table read from the bucket, the night's receivables
 * from the touched log (each at its highest logged version, as the change export takes them).
 */
export function buildFeeAuditNight(deps: FeeAuditReaderDeps): (asOf: IsoDate) => Promise<FeeAuditNight> {
  return async (asOf) => {
    const table = await loadContractRates(deps);
    if (table.state !== 'ON') return { table };
    const latest = new Map<string, Receivable>();
    for await (const batch of deps.touched.batchesOf(asOf)) {
      for (const receivable of batch.receivables) {
        const kept = latest.get(receivable.key);
        if (!kept || receivable.version > kept.version) latest.set(receivable.key, receivable);
      }
    }
    const night = auditNight(latest.values(), table, deps.config);
    if ('overcharges' in night)
      await deps.keep?.(asOf, { lines: night.overcharges, auditedKeys: night.auditedKeys });
    return night;
  };
}

/** The summary's fee-audit section for the business date. */
export function buildFeeAuditReader(deps: FeeAuditReaderDeps): (asOf: IsoDate) => Promise<FeeAuditSection> {
  const night = buildFeeAuditNight(deps);
  return async (asOf) => sectionOfNight(await night(asOf));
}
