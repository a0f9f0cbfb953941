/**
 * The fee audit's line of the morning message (message.ts, docs/fee-audit.md): what was charged
 * above the contract, and how many receivables had no contracted rate. When none had one, nothing
 * was compared, and the line says so and points at the table instead of "no fee above the contract".
 */

import type { FeeAuditSection } from '../fee-audit/section-model';
import { formatBrl, formatCount } from '../money';
import { feeAuditTextsFor } from './fee-audit-texts';
import type { ReportLanguage } from './types';

/** None when the audit is off (or the summary predates it): no table, nothing to say. */
export function feeAuditMessageLines(
  section: FeeAuditSection | undefined,
  language: ReportLanguage,
): string[] {
  if (section === undefined || section.state === 'OFF') return [];
  const w = feeAuditTextsFor(language).message;
  return [`${w.label}: ${parts(section, language).join('; ')}.`];
}

function parts(section: Exclude<FeeAuditSection, { state: 'OFF' }>, language: ReportLanguage): string[] {
  const w = feeAuditTextsFor(language).message;
  const count = (n: number) => formatCount(n, language);
  if (section.state === 'INVALID') return [w.invalid(section.errorCount)];
  const { audited, withoutRate } = section;
  if (audited === 0) return [w.nothingToAudit];
  if (withoutRate === audited) return [w.noneCompared(audited, count(audited))];
  const items = section.byAcquirerBrand.reduce((sum, line) => sum + line.items, 0);
  const compared = audited - withoutRate;
  return [
    items > 0
      ? w.above(items, count(items), formatBrl(section.overchargedCents, language))
      : w.noneAbove(compared, count(compared)),
    ...(withoutRate > 0 ? [w.withoutRate(withoutRate, count(withoutRate))] : []),
  ];
}
