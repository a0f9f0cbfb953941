/**
 * The capabilities' sections of the report and the morning message (report-kit/section.ts), each
 * kept beside its model. The one module of the shell that imports a capability (the import rules
 * check it): the rest of the shell places what this lists.
 */
import { accountFeesReportSection } from '../account-items/report-section';
import { lifecycleReportSection, unclassifiedReportSection } from '../book/report-section';
import { depositsReportSection } from '../deposits/report-section';
import { feeAuditReportSection } from '../fee-audit/report-section';

export const SECTIONS = {
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
  SECTIONS.accountFees,
  SECTIONS.lifecycle,
  SECTIONS.unclassified,
  SECTIONS.deposits,
  SECTIONS.feeAudit,
] as const;

/** Every section's CSS, once. */
export const SECTION_STYLES = SECTION_LIST.map((section) => section.style).join('');
