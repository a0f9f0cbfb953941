/**
 * A capability's part of the report and of the morning message, kept beside its model: the shell
 * (report/) places the sections it is given (report/sections.ts lists them) and never reaches into a
 * capability itself. `S` is the part of the run summary a section reads, so a section depends on its
 * own model and the kit, not on the whole summary.
 */
import type { ReportLanguage } from '../report-language';
import type { FullList } from './csv';
import type { SafeHtml } from './escape';

/**
 * One thing that needs action, ordered with the receivable categories by money at stake: a card in
 * the report's "O que precisa de ação" and the line "label: detail" in the morning message, so both
 * say the same.
 */
export interface ActionEntry {
  /** What it is: "Taxas acima do contrato". */
  readonly label: string;
  readonly amountCents: number;
  /** Who owes what, in one line: "STONE R$ 14.159,28 em 12 itens". */
  readonly detail: string;
  /** The id of the section's heading in the report, where the card leads. */
  readonly anchor: string;
  /** The kind of break its pendências are in the web inbox, when it is one (its card leads there). */
  readonly breakKind?: string;
}

export interface ReportSection<S extends { readonly language: ReportLanguage }> {
  /** CSS the section needs, written once in the page's style. */
  readonly style: string;
  /** The section's HTML; empty when the summary has nothing for it. */
  html(summary: S): SafeHtml;
  /** What needs action, listed with the receivable categories (report and message), largest money first. */
  actionEntries(summary: S): ActionEntry[];
  /** The message's lines of information, after what needs action. */
  messageLines(summary: S): string[];
  /** Its lists in full, written beside the report where its tables show only the largest rows. */
  fullLists?(summary: S): FullList[];
}
