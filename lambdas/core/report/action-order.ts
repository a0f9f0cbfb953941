/**
 * What needs action as a reader meets it: every category with something in it (capped receivables
 * included), largest money at stake first, and each item named the way finance looks a sale up.
 */

import { type ActionCategory, type ActionItem, CAPPED } from '../book/types';
import { formatDate, textsFor } from './i18n';
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
