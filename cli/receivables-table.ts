/**
 * `recon receivables`' default listing, for a finance person at a terminal: the columns that
 * matter, in the report's words and language, money in R$ and dates as the report writes them. The
 * full set of fields (centavos, ISO dates) stays with `--columns all`, csv and jsonl, for tools.
 */
import { formatBrl } from '../lambdas/core/money';
import type { ReceivableView } from '../lambdas/core/receivables/view';
import { textsFor } from '../lambdas/core/report/i18n';
import { NO_DIFFERENCE_STATES } from '../lambdas/core/report/no-difference';
import type { ReportLanguage } from '../lambdas/core/report/types';
import { formatDate } from '../lambdas/core/report-kit/dates';
import { formatTable } from './format';

/** The headings the report has no word for (it names these parts inside a receivable's label). */
const HEADINGS: Readonly<
  Record<ReportLanguage, { acquirer: string; merchant: string; sale: string; installment: string }>
> = {
  'pt-BR': { acquirer: 'Adquirente', merchant: 'Estabelecimento', sale: 'Venda', installment: 'Parcela' },
  en: { acquirer: 'Acquirer', merchant: 'Merchant', sale: 'Sale', installment: 'Installment' },
};

type Row = Pick<
  ReceivableView,
  | 'acquirer'
  | 'merchant'
  | 'saleDate'
  | 'nsu'
  | 'installment'
  | 'dueDate'
  | 'forecastNetCents'
  | 'settledNetCents'
  | 'differenceCents'
  | 'status'
>;

export function readableReceivables(rows: readonly Row[], language: ReportLanguage): string {
  const t = textsFor(language);
  const h = HEADINGS[language];
  const date = (d: string | null) => (d === null ? '' : formatDate(d, language));
  const money = (cents: number | null) => (cents === null ? '' : formatBrl(cents, language));
  const moneyColumns = [t.columns.forecast, t.columns.settled, t.columns.difference];
  const columns = [
    h.acquirer,
    h.merchant,
    h.sale,
    'NSU',
    h.installment,
    t.columns.dueDate,
    ...moneyColumns,
    t.columns.state,
  ];
  const cells = rows.map(
    (r): Record<string, string | number | null> => ({
      [h.acquirer]: r.acquirer,
      [h.merchant]: r.merchant,
      [h.sale]: date(r.saleDate),
      NSU: r.nsu,
      [h.installment]: r.installment,
      [t.columns.dueDate]: date(r.dueDate),
      [t.columns.forecast]: money(r.forecastNetCents),
      [t.columns.settled]: money(r.settledNetCents),
      [t.columns.difference]: NO_DIFFERENCE_STATES.has(r.status) ? '—' : money(r.differenceCents),
      [t.columns.state]: t.states[r.status] ?? r.status,
    }),
  );
  return formatTable(columns, cells, moneyColumns);
}
