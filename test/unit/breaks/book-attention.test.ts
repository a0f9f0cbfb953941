/**
 * A decided break leaves the cards and, with them, its acquirer's late or short money in "who owes
 * what", so that row follows the cards as the totals row does.
 */
import { describe, expect, it } from 'vitest';
import { NO_RECEIVABLES } from '../../../lambdas/core/book/acquirer-cells';
import type { BookView } from '../../../lambdas/core/book/types';
import { withoutDecided } from '../../../lambdas/core/breaks/book-attention';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import { basis, decision, subject } from './fixtures';

const stone = { ...NO_RECEIVABLES, expectedCents: 50_000, lateCents: 10_000, paidShortCents: 700 };
const book = {
  attention: [
    { state: 'OVERDUE', count: 2, amountCents: 10_000, largest: [] },
    { state: 'UNDERPAID', count: 1, amountCents: 700, largest: [] },
  ],
  byAcquirer: { STONE: stone, REDE: { ...NO_RECEIVABLES, lateCents: 3_000 } },
} as unknown as BookView;

function view(status: BreakView['status'], kind: BreakView['kind'], stakeCents: number): BreakView {
  return {
    id: `r:${kind}`,
    ref: kind,
    kind,
    status,
    subject,
    stakeCents,
    firstSeen: '2025-04-01',
    ageDays: 0,
    ageBucket: null,
    decision: decision('IN_TREATMENT', basis(kind, stakeCents)),
    version: 1,
  };
}

describe('the book less what the team decided, per acquirer', () => {
  it('takes a decided late and short break out of its acquirer only', () => {
    const out = withoutDecided(book, [
      view('IN_TREATMENT', 'LATE', 4_000),
      view('ACCEPTED', 'PAID_SHORT', 700),
    ]);
    expect(out.attention.map((c) => c.amountCents)).toEqual([6_000, 0]);
    expect(out.byAcquirer?.STONE).toEqual({ ...stone, lateCents: 6_000, paidShortCents: 0 });
    expect(out.byAcquirer?.REDE?.lateCents).toBe(3_000);
  });

  it('leaves the split as it is while nothing is decided', () => {
    expect(withoutDecided(book, [view('PERSISTING', 'LATE', 4_000)]).byAcquirer).toBe(book.byAcquirer);
  });
});
