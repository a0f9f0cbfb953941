/**
 * The fee audit's information line of the morning message (message.ts, docs/fee-audit.md): what was charged
 * above the contract, and how many receivables had no contracted rate. When none had one, nothing
 * was compared, and the line says so and points at the table instead of "no fee above the contract".
 * What was charged above the contract is not repeated here: it is an entry of what needs action, per
 * acquirer, with its money.
 */

import { formatBrl, formatCount } from '../money';
import type { ActionEntry } from '../report-kit/section';
import type { ReportLanguage } from '../report-language';
import { feeAuditTextsFor } from './report-texts';
import type { FeeAuditSection } from './section-model';

/** None when the audit is off (or the summary predates it): no table, nothing to say. */
export function feeAuditMessageLines(
  section: FeeAuditSection | undefined,
  language: ReportLanguage,
): string[] {
  if (section === undefined || section.state === 'OFF') return [];
  const w = feeAuditTextsFor(language).message;
  const said = parts(section, language);
  return said.length === 0 ? [] : [`${w.label}: ${said.join('; ')}.`];
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
  // What was charged above the contract is an entry of what needs action, with its money: said once.
  return [
    ...(items > 0 ? [] : [w.noneAbove(compared, count(compared))]),
    ...(withoutRate > 0 ? [w.withoutRate(withoutRate, count(withoutRate))] : []),
  ];
}

/** The report's heading the card leads to (report-section.ts). */
export const FEE_AUDIT_ANCHOR = 'fee-audit';

/**
 * Overcharged money per acquirer, largest first, less the lines a person decided on (treated,
 * disputed, accepted: pendências, docs/breaks.md); none when nothing is left to act on.
 */
export function feeAuditActionEntries(
  section: FeeAuditSection | undefined,
  language: ReportLanguage,
): ActionEntry[] {
  if (section?.state !== 'ON' || section.overchargedCents <= 0) return [];
  const w = feeAuditTextsFor(language);
  const byAcquirer = new Map<string, { cents: number; items: number }>();
  const add = (acquirer: string, cents: number, items: number) => {
    const sum = byAcquirer.get(acquirer) ?? { cents: 0, items: 0 };
    byAcquirer.set(acquirer, { cents: sum.cents + cents, items: sum.items + items });
  };
  for (const line of section.byAcquirerBrand) add(line.acquirer, line.overchargedCents, line.items);
  for (const line of section.decided ?? []) add(line.acquirer, -line.differenceCents, -1);
  const owed = [...byAcquirer].filter(([, sum]) => sum.items > 0 && sum.cents > 0);
  const amountCents = owed.reduce((total, [, sum]) => total + sum.cents, 0);
  if (amountCents <= 0) return [];
  const detail = owed
    .sort((a, b) => b[1].cents - a[1].cents || a[0].localeCompare(b[0]))
    .map(([acquirer, sum]) =>
      w.message.owed(sum.items, acquirer, formatBrl(sum.cents, language), formatCount(sum.items, language)),
    )
    .join(', ');
  return [
    { label: w.heading, amountCents, detail, anchor: FEE_AUDIT_ANCHOR, breakKind: 'FEE_ABOVE_CONTRACT' },
  ];
}
