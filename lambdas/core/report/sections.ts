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
import { type DepositsReportInput, depositsReportSection } from '../deposits/report-section';
import { type FeeAuditReportInput, feeAuditReportSection } from '../fee-audit/report-section';

/** What the summarizer asks the account items and the bank leg for. */
export type { FeesQuery } from '../account-items/period-fees';
export type { DepositsQuery } from '../deposits/section-model';

export const SECTIONS = {
  whoOwesWhat: whoOwesWhatReportSection,
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

/** Every section's CSS, once. */
export const SECTION_STYLES = SECTION_LIST.map((section) => section.style).join('');

/** The parts of the run summary the sections read, each declared by its section. */
export type SectionsSummary = AccountFeesReportInput &
  LifecycleReportInput &
  UnclassifiedReportInput &
  DepositsReportInput &
  FeeAuditReportInput &
  WhoOwesWhatReportInput;
