/**
 * A capability's part of the report and of the morning message, kept beside its model: the shell
 * (report/) places the sections it is given (report/sections.ts lists them) and never reaches into a
 * capability itself. `S` is the part of the run summary a section reads, so a section depends on its
 * own model and the kit, not on the whole summary.
 */
import type { ReportLanguage } from '../report-language';
import type { SafeHtml } from './escape';

/** One thing that needs action in the morning message, ordered with the others by money at stake. */
export interface ActionEntry {
  readonly amountCents: number;
  readonly lines: readonly string[];
}

export interface ReportSection<S extends { readonly language: ReportLanguage }> {
  /** CSS the section needs, written once in the page's style. */
  readonly style: string;
  /** The section's HTML; empty when the summary has nothing for it. */
  html(summary: S): SafeHtml;
  /** What needs action, listed with the receivable categories, largest money at stake first. */
  actionEntries(summary: S): ActionEntry[];
  /** The message's lines of information, after what needs action. */
  messageLines(summary: S): string[];
}
