/**
 * The columns of a list of breaks, one list wherever one is printed: `recon breaks`'s table takes
 * the shared ones and its summary cells (the sale in one cell, the decision in words), the inbox's
 * CSV the shared ones and its details (the sale's date, NSU, installment and due date apart, the
 * decision's reason, note, ticket and assignee, the version). Headers are in the report's language;
 * each output writes money, dates and counts in its own way (R$ for people, the CSV's for Excel).
 */

import { type BreaksTexts, breaksTextsFor, decisionText } from '../breaks/report-texts';
import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { formatDate } from '../report-kit/dates';
import { textsByLanguage } from '../report-kit/texts';
import type { ReportLanguage } from '../report-language';

/** How an output writes a figure. */
export interface BreakCellFormats<C> {
  readonly money: (cents: number) => C;
  readonly date: (date: IsoDate | null) => C;
  readonly count: (n: number | null) => C;
}

/** The detail columns' headers (the shared and summary ones are the breaks' own words). */
interface DetailTexts {
  readonly nsu: string;
  readonly installment: string;
  readonly dueDate: string;
  readonly reason: string;
  readonly note: string;
  readonly ticket: string;
  readonly assignee: string;
  readonly version: string;
}

const detailTextsFor = textsByLanguage<DetailTexts>({
  'pt-BR': {
    nsu: 'NSU',
    installment: 'Parcela',
    dueDate: 'Vencimento',
    reason: 'Motivo',
    note: 'Observação',
    ticket: 'Chamado',
    assignee: 'Responsável',
    version: 'Versão',
  },
  en: {
    nsu: 'NSU',
    installment: 'Installment',
    dueDate: 'Due date',
    reason: 'Reason',
    note: 'Note',
    ticket: 'Ticket',
    assignee: 'Assignee',
    version: 'Version',
  },
});

interface Words {
  readonly w: BreaksTexts;
  readonly d: DetailTexts;
  readonly language: ReportLanguage;
}

type Text = string | null;

interface BreakColumn {
  /** Printed by both outputs, or only as the table's summary, or only as the CSV's detail. */
  readonly in: 'both' | 'table' | 'csv';
  readonly header: (words: Words) => string;
  readonly cell: <C>(b: BreakView, f: BreakCellFormats<C>, words: Words) => C | Text;
}

/** A receivable's sale (date, NSU, installment), or a deposit's day and account, in one cell. */
function saleText(b: BreakView, language: ReportLanguage): string {
  const s = b.subject;
  const date = (d: IsoDate | null) => (d === null ? '' : formatDate(d, language));
  const parts = s.place === undefined ? [date(s.saleDate), s.nsu, s.installment] : [date(s.dueDate), s.place];
  return parts.filter(Boolean).join(' ');
}

const COLUMNS: readonly BreakColumn[] = [
  { in: 'both', header: () => 'Ref', cell: (b) => b.ref },
  { in: 'both', header: ({ w }) => w.columns.kind, cell: (b, _, { w }) => w.kinds[b.kind] },
  { in: 'both', header: ({ w }) => w.columns.status, cell: (b, _, { w }) => w.statuses[b.status] },
  { in: 'both', header: ({ w }) => w.columns.acquirer, cell: (b) => b.subject.acquirer },
  { in: 'both', header: ({ w }) => w.columns.merchant, cell: (b) => b.subject.merchant },
  { in: 'table', header: ({ w }) => w.columns.sale, cell: (b, _, { language }) => saleText(b, language) },
  { in: 'csv', header: ({ w }) => w.columns.sale, cell: (b, f) => f.date(b.subject.saleDate) },
  { in: 'csv', header: ({ d }) => d.nsu, cell: (b) => b.subject.nsu },
  { in: 'csv', header: ({ d }) => d.installment, cell: (b, f) => f.count(b.subject.installment) },
  { in: 'csv', header: ({ d }) => d.dueDate, cell: (b, f) => f.date(b.subject.dueDate) },
  { in: 'both', header: ({ w }) => w.columns.atStake, cell: (b, f) => f.money(b.stakeCents) },
  { in: 'both', header: ({ w }) => w.columns.since, cell: (b, f) => f.date(b.firstSeen) },
  { in: 'both', header: ({ w }) => w.columns.age, cell: (b, f) => f.count(b.ageDays) },
  {
    in: 'table',
    header: ({ w }) => w.columns.decision,
    cell: (b, _, { language }) => decisionText(b.decision, language),
  },
  { in: 'csv', header: ({ d }) => d.reason, cell: (b) => b.decision?.reason ?? null },
  { in: 'csv', header: ({ d }) => d.note, cell: (b) => b.decision?.note ?? null },
  { in: 'csv', header: ({ d }) => d.ticket, cell: (b) => b.decision?.ticket ?? null },
  { in: 'csv', header: ({ d }) => d.assignee, cell: (b) => b.decision?.assignee ?? null },
  { in: 'csv', header: ({ d }) => d.version, cell: (b, f) => f.count(b.version) },
];

/** The columns an output prints: their headers, and each break's cells in the output's formats. */
export function breakColumns<C>(
  output: 'table' | 'csv',
  language: ReportLanguage,
  formats: BreakCellFormats<C>,
) {
  const words: Words = { w: breaksTextsFor(language), d: detailTextsFor(language), language };
  const columns = COLUMNS.filter((c) => c.in === 'both' || c.in === output);
  return {
    headers: columns.map((c) => c.header(words)),
    cells: (b: BreakView): (C | Text)[] => columns.map((c) => c.cell(b, formats, words)),
  };
}
