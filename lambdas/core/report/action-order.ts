/**
 * What needs action as a reader meets it: every category with something in it (capped receivables
 * included), largest money at stake first, and each item named the way finance looks a sale up.
 */

import { type ActionCategory, type ActionItem, CAPPED } from '../book/types';
import { formatBrl } from '../money';
import { formatDate } from '../report-kit/dates';
import type { ActionEntry } from '../report-kit/section';
import { textsFor } from './i18n';
import { SECTION_LIST } from './sections';
import type { ReportLanguage, RunSummary } from './types';

/**
 * Non-empty categories, largest amount first (ties: more receivables, then the usual state order:
 * the summary lists them in it, capped last, and the sort is stable). Each category's items are
 * already largest first.
 */
export function actionCategoriesByAmount(s: RunSummary): ActionCategory[] {
  const capped: ActionCategory = {
    state: CAPPED,
    count: s.capped.count,
    amountCents: s.capped.amountCents,
    largest: [],
  };
  return [...s.attention, capped]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.amountCents - a.amountCents || b.count - a.count);
}

/** Acquirer, merchant, sale date, NSU and installment, in the report's words. */
export function receivableParts(item: ActionItem, language: ReportLanguage): string[] {
  const words = textsFor(language).receivableParts;
  return [
    item.acquirer ?? '?',
    `${words.merchant} ${item.merchant ?? '?'}`,
    `${words.sale} ${item.saleDate === null ? '?' : formatDate(item.saleDate, language)}`,
    `NSU ${item.nsu ?? '?'}`,
    ...(item.installment === null ? [] : [`${words.installment} ${item.installment}`]),
  ];
}

/** " · chargeback de R$ 120,00 em 03/02/2025" after a charged-back item; nothing for any other. */
export function chargebackNote(item: ActionItem, language: ReportLanguage): string {
  if (item.chargedBackNetCents === undefined) return '';
  const date = item.chargebackDate === undefined ? null : formatDate(item.chargebackDate, language);
  return ` · ${textsFor(language).attention.chargeback(formatBrl(item.chargedBackNetCents, language), date)}`;
}

/** A receivable category or a section's entry (a fee overcharge, a missing deposit) in what needs action. */
export type ActionLine =
  | { readonly kind: 'category'; readonly amountCents: number; readonly category: ActionCategory }
  | { readonly kind: 'entry'; readonly amountCents: number; readonly entry: ActionEntry };

/**
 * Everything that needs action in one list, the report's cards and the message's lines alike:
 * largest money at stake first. The sort is stable, so the categories keep their own tie order and
 * a section's entry comes after a receivable category of equal amount.
 */
export function actionLines(s: RunSummary): ActionLine[] {
  return [
    ...actionCategoriesByAmount(s).map(
      (category): ActionLine => ({ kind: 'category', amountCents: category.amountCents, category }),
    ),
    ...SECTION_LIST.flatMap((section) =>
      section
        .actionEntries(s)
        .map((entry): ActionLine => ({ kind: 'entry', amountCents: entry.amountCents, entry })),
    ),
  ].sort((a, b) => b.amountCents - a.amountCents);
}

/**
 * The money that needs action, as the subject states it: every line but the capped receivables,
 * whose amount is already in their states' categories.
 */
export function moneyAtStake(s: RunSummary): number {
  return actionLines(s)
    .filter((line) => line.kind === 'entry' || line.category.state !== CAPPED)
    .reduce((sum, line) => sum + line.amountCents, 0);
}
