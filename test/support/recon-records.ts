/**
 * Canonical A1/D1 records for recon's matcher and store tests, built directly (the normalizer has
 * its own tests). Keys are small objects so tests can speak of "sale 3, installment 2".
 */
import type { IsoDate } from '../../lambdas/core/calendar';
import { parseReconConfig, type ReconConfig, type ReconConfigInput } from '../../lambdas/core/config';
import type { CanonicalRecord, RecordCode } from '../../lambdas/core/records/canonical';

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
}

export function canonical(spec: RecordSpec): CanonicalRecord {
  return {
    recordType: spec.type,
    recordHash: spec.hash,
    ...spec.key,
    brand: spec.brand ?? 'VISA',
    tid: null,
    installments: 3,
    grossCents: null,
    feeCents: null,
    netCents: spec.netCents === undefined ? 10_000 : spec.netCents,
    dueDate: spec.dueDate === undefined ? '2025-04-01' : spec.dueDate,
    paymentDate:
      spec.paymentDate === undefined ? (spec.type === 'D1' ? '2025-04-01' : null) : spec.paymentDate,
    extra: {},
    source: {
      reportKind: spec.type === 'A1' ? 'sales' : 'financial',
      reportId: '1',
      page: 1,
      generatedOn: '2025-04-02',
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
