/**
 * `recon receivables --by-acquirer`: the report's "who owes what" book figures at a terminal, one
 * row per acquirer and a total, summed from the listing with the report's own definitions
 * (lambdas/core/book/figures.ts through `byAcquirerFromReceivables`), so the terminal, the report's
 * table and the lake's `who_owes_what` cannot disagree. The fee audit's and the bank leg's columns
 * are the run's, not a receivable's: they stay in the report.
 */
import { byAcquirerFromReceivables, NO_RECEIVABLES } from '../lambdas/core/book/acquirer-cells';
import { bookTextsFor } from '../lambdas/core/book/report-texts';
import type { AcquirerBook, SummaryReceivable } from '../lambdas/core/book/types';
import { formatBrl } from '../lambdas/core/money';
import type { ReportLanguage } from '../lambdas/core/report/types';
import { type Format, formatRows, formatTable } from './format';

const FIELDS = ['expectedCents', 'receivedCents', 'lateCents', 'paidShortCents', 'takenBackCents'] as const;
const WORDS = {
  expectedCents: 'expected',
  receivedCents: 'received',
  lateCents: 'late',
  paidShortCents: 'paidShort',
  takenBackCents: 'takenBack',
} as const satisfies Record<keyof AcquirerBook, string>;

export interface OwedRow extends AcquirerBook {
  /** Null: receivables without an acquirer, and the total. */
  readonly acquirer: string | null;
  readonly total?: true;
}

/** One row per acquirer (by name), then the total. */
export function owedRows(receivables: Iterable<SummaryReceivable>): OwedRow[] {
  const split = byAcquirerFromReceivables(receivables);
  const rows = Object.entries(split)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, book]): OwedRow => ({ acquirer: name === '' ? null : name, ...book }));
  const total: Record<keyof AcquirerBook, number> = { ...NO_RECEIVABLES };
  for (const r of rows) for (const f of FIELDS) total[f] += r[f];
  return [...rows, { acquirer: null, ...total, total: true }];
}

/** The rows as a readable table (R$, the report's words) or, for tools, jsonl/csv in centavos. */
export function formatOwed(rows: readonly OwedRow[], format: Format, language: ReportLanguage): string {
  if (format !== 'table') return formatRows(format, ['acquirer', ...FIELDS], rows);
  const w = bookTextsFor(language).whoOwesWhat;
  const money = FIELDS.map((f) => w.columns[WORDS[f]]);
  const cells = rows.map((r) => ({
    [w.columns.acquirer]: r.total ? w.total : (r.acquirer ?? '—'),
    ...Object.fromEntries(FIELDS.map((f) => [w.columns[WORDS[f]], formatBrl(r[f], language)])),
  }));
  return formatTable([w.columns.acquirer, ...money], cells, money);
}
