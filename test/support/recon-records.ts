/**
 * Canonical A1/D1 records for recon's matcher and store tests, built directly (the normalizer has
 * its own tests). Keys are small objects so tests can speak of "sale 3, installment 2".
 */
import { addDays, type IsoDate } from '../../lambdas/core/calendar';
import { parseReconConfig, type ReconConfig, type ReconConfigInput } from '../../lambdas/core/config';
import type { CanonicalRecord, RecordCode } from '../../lambdas/core/ingest/records/canonical';

export interface SaleKey {
  readonly acquirer: string;
  readonly merchant: string;
  readonly saleDate: IsoDate;
  readonly nsu: string;
  readonly authorization: string;
  readonly installment: number;
}

export function saleKey(n: number, installment = 1): SaleKey {
  return {
    acquirer: `ACQ${n % 3}`,
    merchant: `EC${n % 5}`,
    saleDate: '2025-03-01',
    nsu: String(100000 + n),
    authorization: `AUT${n}`,
    installment,
  };
}

export interface RecordSpec {
  readonly type: RecordCode;
  readonly key: SaleKey;
  readonly hash: string;
  readonly netCents?: number | null;
  readonly dueDate?: IsoDate | null;
  readonly paymentDate?: IsoDate | null;
  readonly brand?: string;
  readonly movementDate?: IsoDate | null;
  readonly lineSequence?: string | null;
  readonly grossCents?: number | null;
  readonly feeCents?: number | null;
  readonly product?: CanonicalRecord['product'];
  readonly installments?: number | null;
  /** The bank account the record names (bankCode, bankBranch, bankAccountNumber); none by default. */
  readonly bank?: { code: string | null; branch: string | null; account: string | null };
  /** Where the record was read; defaults: report 1 of 2025-04-02, page 1, line 0. */
  readonly at?: { reportId?: string; generatedOn?: IsoDate; page?: number; line?: number; lines?: number };
}

export function canonical(spec: RecordSpec): CanonicalRecord {
  return {
    recordType: spec.type,
    recordHash: spec.hash,
    ...spec.key,
    brand: spec.brand ?? 'VISA',
    tid: null,
    installments: spec.installments === undefined ? 3 : spec.installments,
    grossCents: spec.grossCents ?? null,
    feeCents: spec.feeCents ?? null,
    netCents: spec.netCents === undefined ? 10_000 : spec.netCents,
    dueDate: spec.dueDate === undefined ? '2025-04-01' : spec.dueDate,
    paymentDate:
      spec.paymentDate === undefined ? (spec.type === 'D1' ? '2025-04-01' : null) : spec.paymentDate,
    movementDate: spec.movementDate ?? null,
    lineSequence: spec.lineSequence ?? null,
    product: spec.product ?? null,
    bankCode: spec.bank?.code ?? null,
    bankBranch: spec.bank?.branch ?? null,
    bankAccountNumber: spec.bank?.account ?? null,
    extra: {},
    sourceValues: {},
    line: spec.at?.line ?? 0,
    source: {
      reportKind: spec.type === 'A1' ? 'sales' : 'financial',
      reportId: spec.at?.reportId ?? '1',
      page: spec.at?.page ?? 1,
      generatedOn: spec.at?.generatedOn ?? '2025-04-02',
      ...(spec.at?.lines === undefined ? {} : { lines: spec.at.lines }),
    },
  };
}

export const forecast = (key: SaleKey, hash: string, netCents = 10_000, dueDate: IsoDate = '2025-04-01') =>
  canonical({ type: 'A1', key, hash, netCents, dueDate });

export const settlement = (
  key: SaleKey,
  hash: string,
  netCents = 10_000,
  paymentDate: IsoDate = '2025-04-01',
) => canonical({ type: 'D1', key, hash, netCents, paymentDate });

export function reconConfig(input: ReconConfigInput = {}): ReconConfig {
  return parseReconConfig(input);
}

/** A 64-character hex string, the length of the normalizer's record hashes. */
export function hexHash(seed: string): string {
  let out = '';
  let state = 2166136261;
  while (out.length < 64) {
    for (const char of `${seed}:${out.length}`) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
    out += (state >>> 0).toString(16).padStart(8, '0');
  }
  return out.slice(0, 64);
}

/**
 * A deterministic mixed portfolio over `sales` sales: exact, partial, short and over payments,
 * unpaid forecasts (some due later), duplicate forecasts, unexpected D1s and an E1 the matcher skips.
 */
export function portfolio(sales: number): CanonicalRecord[] {
  const records: CanonicalRecord[] = [];
  for (let n = 0; n < sales; n++) {
    const key = saleKey(n, 1 + (n % 4));
    const due = `2025-04-${String(1 + (n % 20)).padStart(2, '0')}`;
    const net = 1_000 + ((n * 7919) % 50_000);
    const kind = n % 8;
    if (kind !== 6) records.push(forecast(key, hexHash(`a${n}`), net, due));
    if (kind === 7) records.push(forecast(key, hexHash(`a${n}bis`), net + 50, due));
    if (kind === 0 || kind === 7) records.push(settlement(key, hexHash(`d${n}`), net, due));
    if (kind === 1) {
      records.push(settlement(key, hexHash(`d${n}p1`), net - 400, due));
      records.push(settlement(key, hexHash(`d${n}p2`), 400, addDays(due, 2)));
    }
    if (kind === 2) records.push(settlement(key, hexHash(`d${n}`), net - 1, due));
    if (kind === 3) records.push(settlement(key, hexHash(`d${n}`), net + 99, due));
    if (kind === 6) records.push(settlement(key, hexHash(`d${n}`), net, due));
    if (n % 10 === 0) records.push(canonical({ type: 'E1', key, hash: hexHash(`e${n}`) }));
  }
  return records;
}

/** Splits records into pages of `size`. */
export function pages<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
