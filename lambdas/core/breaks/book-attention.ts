/**
 * What needs action, less what the team already decided: a break in treatment, disputed or accepted
 * (its money unchanged since) leaves the book's action categories, their counts, money and largest
 * items, so the morning's list reaches zero as people work it. The "Pendências" section counts them
 * apart; the states table still counts every receivable in its state.
 */

import { identity } from '../book/attention';
import type { AcquirerBook, ActionCategory, ActionItem, BookByAcquirer, BookView } from '../book/types';
import { DECIDED_STATUSES, KIND_OF_STATE } from './kinds';
import type { BreakView } from './status';

const STATE_OF_KIND = new Map(Object.entries(KIND_OF_STATE).map(([state, kind]) => [kind, state]));

const isDecided = (v: BreakView) => (DECIDED_STATUSES as readonly string[]).includes(v.status);

/** A decided break of a receivable (the book's categories hold receivables only). */
const isDecidedReceivable = (v: BreakView) => isDecided(v) && STATE_OF_KIND.has(v.kind);

/** The ids of the breaks a person decided on and whose money stands as decided. */
export function decidedIds(views: readonly BreakView[]): string[] {
  return views.filter(isDecided).map((v) => v.id);
}

/** The items of a category nobody decided on yet: its full list as its card counts it. */
export function undecidedItems(items: readonly ActionItem[], views: readonly BreakView[]): ActionItem[] {
  const decided = new Set(views.filter(isDecidedReceivable).map((v) => identity(v.subject)));
  return items.filter((item) => !decided.has(identity(item)));
}

/** The per-acquirer figures that follow a card (late, paid short), by the card's state. */
const FIGURE_OF_STATE: Readonly<Record<string, keyof AcquirerBook>> = {
  OVERDUE: 'lateCents',
  UNDERPAID: 'paidShortCents',
};

/** Each acquirer's late and short money less its decided breaks, so its row follows the cards. */
function splitWithoutDecided(split: BookByAcquirer, decided: readonly BreakView[]): BookByAcquirer {
  const out: Record<string, AcquirerBook> = { ...split };
  for (const v of decided) {
    const field = FIGURE_OF_STATE[STATE_OF_KIND.get(v.kind) ?? ''];
    const acquirer = v.subject.acquirer ?? '';
    const book = out[acquirer];
    if (field === undefined || book === undefined) continue;
    out[acquirer] = { ...book, [field]: Math.max(0, book[field] - v.stakeCents) };
  }
  return out;
}

export function withoutDecided(book: BookView, views: readonly BreakView[]): BookView {
  const decided = views.filter(isDecidedReceivable);
  if (decided.length === 0) return book;
  const attention = book.attention.map((category): ActionCategory => {
    const of = decided.filter((v) => STATE_OF_KIND.get(v.kind) === category.state);
    if (of.length === 0) return category;
    const gone = new Set(of.map((v) => identity(v.subject)));
    return {
      ...category,
      count: Math.max(0, category.count - of.length),
      amountCents: Math.max(0, category.amountCents - of.reduce((sum, v) => sum + v.stakeCents, 0)),
      largest: category.largest.filter((item: ActionItem) => !gone.has(identity(item))),
    };
  });
  const byAcquirer = book.byAcquirer && splitWithoutDecided(book.byAcquirer, decided);
  return { ...book, attention, byAcquirer };
}
