/**
 * What needs action as a reader meets it: every category with something in it (capped receivables
 * included), largest money at stake first, and each item named the way finance looks a sale up.
 */
import { compareActionItems } from './attention';
import { formatDate, textsFor } from './i18n';
import {
  ACTION_STATES,
  type ActionCategory,
  type ActionItem,
  CAPPED,
  type ReportLanguage,
  type RunSummary,
} from './types';

const stateRank = (state: string) => {
  const at = (ACTION_STATES as readonly string[]).indexOf(state);
  return at === -1 ? ACTION_STATES.length : at;
};

/** Non-empty categories, largest amount first (ties: more receivables, then the usual state order). */
export function actionCategoriesByAmount(s: RunSummary): ActionCategory[] {
  const capped: ActionCategory = {
    state: CAPPED,
    count: s.capped.count,
    amountCents: s.capped.amountCents,
    largest: [],
  };
  return [...s.attention, capped]
    .filter((c) => c.count > 0)
    .map((c) => ({ ...c, largest: [...c.largest].sort(compareActionItems) }))
    .sort(
      (a, b) => b.amountCents - a.amountCents || b.count - a.count || stateRank(a.state) - stateRank(b.state),
    );
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
