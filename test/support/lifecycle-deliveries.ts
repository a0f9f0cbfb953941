/**
 * Deliveries of one receivable's records as the provider might make them (lifecycle.property.test.ts):
 * raw records rendered in several ways, spread over pages, downloaded again, re-delivered in a later
 * report, pages and records in any order, each page normalized and applied as the pipeline does.
 */
import fc from 'fast-check';
import { addDays, type IsoDate } from '../../lambdas/core/calendar';
import type { ReconConfig } from '../../lambdas/core/config';
import type { CanonicalRecord, RecordSource } from '../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../lambdas/core/ingest/records/normalize';
import { applyRecords, type ReceivableContent } from '../../lambdas/core/receivables/matcher';

export const DAY0 = '2025-04-01';
export const KINDS = ['D1', 'A2', 'E1-06', 'E1-08', 'E1-09', 'E1-ADJ', 'F1'] as const;
export type Kind = 'A1' | (typeof KINDS)[number];

export interface Logical {
  readonly kind: Kind;
  readonly cents: number;
  /** The number is written negative (fixed-direction roles must not care). */
  readonly negative: boolean;
  /** An adjustment's sign column; undefined: no column (+1). */
  readonly signColumn: 'C' | 'D' | undefined;
  readonly feeCents: number;
  readonly day: number;
}

/** How one delivery of a record is written. */
const renderingArb = fc.record({
  amount: fc.constantFrom('number', 'comma', 'dot'),
  lowerCaseColumns: fc.boolean(),
  zeros: fc.constantFrom('', '0', '000'),
  spaced: fc.boolean(),
});
type Rendering = { amount: string; lowerCaseColumns: boolean; zeros: string; spaced: boolean };

function amountText(cents: number, how: string): string | number {
  if (how === 'number') return cents / 100;
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}${how === 'comma' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** The provider's raw record for one delivery of `r`. */
function raw(r: Logical, how: Rendering): Record<string, unknown> {
  const [code, type] = r.kind.split('-') as [string, string | undefined];
  const day = addDays(DAY0, r.day);
  const pad = (v: string) => (how.spaced ? ` ${v} ` : v);
  const fields: Record<string, unknown> = {
    TIPOREGISTRO: code,
    ADQUIRENTE: `${how.zeros}7`,
    ESTABELECIMENTO: '1234',
    DTVENDA: '2025-03-01',
    NSU: `${how.zeros}4242`,
    CODAUTORIZACAO: how.spaced ? ' ab1 ' : 'AB1',
    NRPARCELA: 1,
    VLLIQUIDO: amountText(r.negative && code !== 'A1' && code !== 'D1' ? -r.cents : r.cents, how.amount),
    DTVENCIMENTO: code === 'A1' || code === 'F1' ? addDays(DAY0, 3) : null,
    DTPAGAMENTO: code === 'A1' ? null : day,
  };
  if (code === 'F1') fields.VLTAXA = amountText(r.feeCents, how.amount);
  if (type !== undefined)
    fields.TIPOLANCAMENTO = type === 'ADJ' ? pad('01') : pad(how.zeros === '' ? type.slice(1) : type);
  if (type === 'ADJ' && r.signColumn !== undefined)
    fields.SINAL = pad(how.spaced ? r.signColumn.toLowerCase() : r.signColumn);
  return how.lowerCaseColumns
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]))
    : fields;
}

/**
 * Deliveries, page by page as the pipeline applies them (a page is one batch: occurrences.ts counts
 * twins per page): report 1 spread over up to three pages, some pages downloaded again, maybe every
 * record again in report 2 (other lines); pages in any order, records in any order within a page,
 * every delivery of a record rendered its own way.
 */
export const deliveryArb = (count: number) =>
  fc.record({
    pageOf: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: count, maxLength: count }),
    redownloaded: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
    laterReport: fc.boolean(),
    order: fc.array(fc.nat(), { minLength: 3 * count + 8, maxLength: 3 * count + 8 }),
    renderings: fc.array(renderingArb, { minLength: 3 * count, maxLength: 3 * count }),
  });
type Delivery = {
  pageOf: number[];
  redownloaded: number[];
  laterReport: boolean;
  order: number[];
  renderings: Rendering[];
};

interface Occurrence {
  readonly r: Logical;
  readonly source: RecordSource;
  readonly line: number;
}

function pagesOf(records: readonly Logical[], d: Delivery): Occurrence[][] {
  const at = (reportId: string, generatedOn: IsoDate, page: number): RecordSource => ({
    reportKind: 'financial',
    reportId,
    page,
    generatedOn,
  });
  const first = [1, 2, 3].map((page) =>
    records
      .filter((_, i) => d.pageOf[i] === page)
      .map((r, line) => ({ r, source: at('r1', '2025-04-02', page), line })),
  );
  const again = d.redownloaded.map((page) => first[page - 1] ?? []);
  const later = d.laterReport
    ? [records.map((r, i) => ({ r, source: at('r2', '2025-04-03', 1), line: records.length - 1 - i }))]
    : [];
  return [...first, ...again, ...later].filter((page) => page.length > 0);
}

export function deliver(
  records: readonly Logical[],
  d: Delivery,
  config: ReconConfig,
): ReceivableContent | undefined {
  const normalizer = buildNormalizer(config);
  let rank = 0;
  let rendering = 0;
  const shuffled = <T>(items: readonly T[]) =>
    items
      .map((item) => ({ item, key: d.order[rank++ % d.order.length] ?? 0 }))
      .sort((a, b) => a.key - b.key)
      .map(({ item }) => item);
  let content: ReceivableContent | undefined;
  for (const page of shuffled(pagesOf(records, d))) {
    const canonical: CanonicalRecord[] = shuffled(page).map(({ r, source, line }) => {
      const how = d.renderings[rendering++ % d.renderings.length] as Rendering;
      const result = normalizer.normalize(raw(r, how), source, line);
      if (!result.ok) throw new Error(`${result.quarantined.reason}: ${result.quarantined.detail}`);
      return result.record;
    });
    content = applyRecords(content, canonical, config).receivable;
  }
  return content;
}
