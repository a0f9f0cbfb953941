/**
 * The capabilities' sections of the report and the morning message (report-kit/section.ts), each
 * kept beside its model. The one module of the shell that imports a capability (the import rules
 * check it): the rest of the shell places what this lists, and knows of a section's part of the run
 * summary only the types named here.
 */
import { type AccountFeesReportInput, accountFeesReportSection } from '../account-items/report-section';
import {
  type LifecycleReportInput,
  lifecycleReportSection,
  type UnclassifiedReportInput,
  unclassifiedReportSection,
} from '../book/report-section';
import { type WhoOwesWhatReportInput, whoOwesWhatReportSection } from '../book/report-who-owes-what';
import { type BreaksReportInput, breaksReportSection } from '../breaks/report-section';
import { type DepositsReportInput, depositsReportSection } from '../deposits/report-section';
import { type FeeAuditReportInput, feeAuditReportSection } from '../fee-audit/report-section';

export type { FeesQuery } from '../account-items/period-fees';
/** What the summarizer asks the account items, the bank leg and the breaks for. */
export type { BreaksSummary } from '../breaks/summary';
export type { DepositsQuery } from '../deposits/section-model';

export const SECTIONS = {
  whoOwesWhat: whoOwesWhatReportSection,
  breaks: breaksReportSection,
  accountFees: accountFeesReportSection,
  lifecycle: lifecycleReportSection,
  unclassified: unclassifiedReportSection,
  deposits: depositsReportSection,
  feeAudit: feeAuditReportSection,
} as const;

/**
 * In the order the message lists their entries and lines (only the deposits' and the fee audit's
 * have any) and the page's style writes their CSS.
 */
export const SECTION_LIST = [
  SECTIONS.whoOwesWhat,
  SECTIONS.accountFees,
  SECTIONS.lifecycle,
  SECTIONS.unclassified,
  SECTIONS.deposits,
  SECTIONS.feeAudit,
] as const;

/**
 * The section whose message lines come first, before what needs action: what changed since
 * yesterday (new, reopened) is what a reader looks for before the whole list.
 */
export const LEAD_SECTION = SECTIONS.breaks;

/** Every section's CSS, once. */
export const SECTION_STYLES = [LEAD_SECTION, ...SECTION_LIST].map((section) => section.style).join('');

/** The parts of the run summary the sections read, each declared by its section. */
export type SectionsSummary = AccountFeesReportInput &
  BreaksReportInput &
  LifecycleReportInput &
  UnclassifiedReportInput &
  DepositsReportInput &
  FeeAuditReportInput &
  WhoOwesWhatReportInput;
