/**
 * Provider pages for the lake tests: raw records in the sandbox's shape (mixed-case keys, numeric
 * dates and amounts) with known centavos, so sums read back from the lake can be checked exactly.
 */

import type { RecordSource, ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import type { Page, RawRecord } from '../../../lambdas/core/provider/port';

export interface PageSpec {
  readonly kind: ReportKind;
  readonly reportId: string;
  readonly page: number;
  readonly good: number;
  /** Records quarantined as BAD_DATE. */
  readonly badDates?: number;
  /** Entries that are not objects. */
  readonly malformed?: number;
}

export interface BuiltPage {
  readonly page: Page;
  readonly source: RecordSource;
  /** Σ net centavos of the good records. */
  readonly netCents: number;
  readonly grossCents: number;
}

/** Net centavos of good record `i`: varied, with every centavo digit, never a float sum. */
export function netOf(i: number): number {
  return 10_000 + i * 137;
}

export function buildPage(spec: PageSpec): BuiltPage {
  const code = spec.kind === 'sales' ? 'A1' : 'D1';
  const records: RawRecord[] = [];
  let netCents = 0;
  let grossCents = 0;
  for (let i = 0; i < spec.good; i++) {
    const net = netOf(i);
    const fee = 100 + (i % 7);
    netCents += net;
    grossCents += net + fee;
    records.push({
      tipoRegistro: code,
      idAdquirente: `ACQ${i % 2}`,
      IDESTABELECIMENTO: `EC${i % 3}`,
      bandeira: i % 2 ? 'VISA' : 'MASTER',
      nsu: 100_000 + i + spec.page * 1000,
      codAutorizacao: `AUT${i}`,
      dtVenda: 20250301 + (i % 3),
      nrParcela: 1,
      qtdParcelas: 1,
      // Numbers on even records, Brazilian strings on odd ones: both must land as the same centavos.
      vlBruto: i % 2 ? brl(net + fee) : (net + fee) / 100,
      vlTaxa: i % 2 ? brl(fee) : fee / 100,
      vlLiquido: i % 2 ? brl(net) : net / 100,
      dtVencimento: 20250401,
      ...(spec.kind === 'financial' ? { dtPagamento: 20250402 + (i % 2) } : {}),
      canal: 'POS',
    });
  }
  for (let i = 0; i < (spec.badDates ?? 0); i++) {
    records.push({ tipoRegistro: code, dtVenda: 20250231, nsu: i, vlLiquido: 1 });
  }
  const malformed = Array.from({ length: spec.malformed ?? 0 }, (_, i) => `garbage-${i}`);
  return {
    page: { reportId: spec.reportId, page: spec.page, records, malformed, pastLastPage: false },
    source: { reportKind: spec.kind, reportId: spec.reportId, page: spec.page, generatedOn: '2025-04-05' },
    netCents,
    grossCents,
  };
}

/**
 * Report 300, paid 2025-06-15: one payment served on both sides of a page seam under its report-wide
 * line sequence (NSEQ 2), next to an equal twin under NSEQ 1 — two records, not three.
 */
export function seamedPages(): Pick<BuiltPage, 'page' | 'source'>[] {
  const base = buildPage({ kind: 'financial', reportId: '300', page: 1, good: 1 });
  const seamed = (nseq: number): RawRecord => ({
    ...(base.page.records[0] as RawRecord),
    dtPagamento: 20250615,
    NSEQ: nseq,
  });
  return [
    [1, [seamed(1), seamed(2)]],
    [2, [seamed(2)]],
  ].map(([page, records]) => ({
    page: { ...base.page, page: page as number, records: records as RawRecord[] },
    source: { ...base.source, page: page as number },
  }));
}

/** 123456 → "1.234,56", written here independently of the code under test. */
function brl(cents: number): string {
  const reais = String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${String(cents % 100).padStart(2, '0')}`;
}
