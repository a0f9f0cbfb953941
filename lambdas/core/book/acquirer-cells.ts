/**
 * The book's money per acquirer, for "who owes what" (docs/report.md): expected, received, late,
 * paid short and taken back, kept as totals cells like the rest of the book (cells.ts), so the
 * summary reads them at a cost independent of the book's size.
 *
 * | cell | what |
 * |------|------|
 * | `qf:A` `qs:A` | Σ forecast, Σ received of acquirer A's receivables |
 * | `qb:A` | Σ taken back: cancellations and chargebacks net of reversals |
 * | `qu:A` | Σ\|difference\| of A's receivables paid short (UNDERPAID) |
 * | `ql:D\|A` | Σ still owed (\|difference\|) of A's unpaid receivables due on D: late or not is read on the day, as `ua:D` |
 *
 * Late is the only date-dependent figure, hence one cell per due date and acquirer with unpaid
 * money (about as many as `ua:` cells times the acquirers); the others are one cell per acquirer.
 */
import type { IsoDate } from '../calendar';
import type { Cents } from '../money';
import { isPastGrace } from '../receivables/status';
import { figureOfReceivable } from './figures';
import type { AcquirerBook, BookByAcquirer, Cells, SummaryReceivable } from './types';

/** An acquirer with no receivable in the book. */
export const NO_RECEIVABLES: AcquirerBook = {
  expectedCents: 0,
  receivedCents: 0,
  lateCents: 0,
  paidShortCents: 0,
  takenBackCents: 0,
};

/** What one receivable adds to its acquirer's cells. */
export interface AcquirerShare {
  readonly acquirer: string | null | undefined;
  readonly forecastCents: Cents;
  readonly settledCents: Cents;
  readonly takenBackCents: Cents;
  /** |difference| when paid short, else 0. */
  readonly shortCents: Cents;
  /**
   * When unpaid: its due date (late or not depends on the day it is read) and what is still owed
   * (the forecast less any cancellation in part), else undefined.
   */
  readonly unpaid?: { readonly due: string; readonly owedCents: Cents };
}

/** The acquirer cells of one receivable, through `add` (cells.ts files them under an expiry day). */
export function addAcquirerCells(share: AcquirerShare, add: (name: string, value: number) => void): void {
  const a = share.acquirer ?? '';
  add(`qf:${a}`, share.forecastCents);
  add(`qs:${a}`, share.settledCents);
  add(`qb:${a}`, share.takenBackCents);
  add(`qu:${a}`, share.shortCents);
  if (share.unpaid !== undefined) add(`ql:${share.unpaid.due}|${a}`, share.unpaid.owedCents);
}

const FIELD = {
  qf: 'expectedCents',
  qs: 'receivedCents',
  qb: 'takenBackCents',
  qu: 'paidShortCents',
} as const satisfies Record<string, keyof AcquirerBook>;

function plus(into: Record<string, AcquirerBook>, acquirer: string, field: keyof AcquirerBook, cents: Cents) {
  const book = into[acquirer] ?? NO_RECEIVABLES;
  into[acquirer] = { ...book, [field]: book[field] + cents };
}

/** Each acquirer's book on `asOf` from the live cells. */
export function byAcquirerFromCells(cells: Cells, asOf: IsoDate, graceDays: number): BookByAcquirer {
  const out: Record<string, AcquirerBook> = {};
  for (const [name, value] of Object.entries(cells)) {
    const at = name.indexOf(':');
    const kind = name.slice(0, at);
    const bucket = name.slice(at + 1);
    if (kind in FIELD) plus(out, bucket, FIELD[kind as keyof typeof FIELD], value);
    else if (kind === 'ql') {
      const bar = bucket.indexOf('|');
      const due = bucket.slice(0, bar);
      if (isPastGrace(due === '' ? null : due, asOf, graceDays))
        plus(out, bucket.slice(bar + 1), 'lateCents', value);
    }
  }
  return out;
}

/** The same from every receivable (the reference the kept cells must equal). */
export function byAcquirerFromReceivables(receivables: Iterable<SummaryReceivable>): BookByAcquirer {
  const out: Record<string, AcquirerBook> = {};
  for (const r of receivables) {
    const a = r.acquirer ?? '';
    plus(out, a, 'expectedCents', r.forecastNetCents ?? 0);
    plus(out, a, 'receivedCents', r.settledNetCents ?? 0);
    plus(out, a, 'takenBackCents', figureOfReceivable('takenBack', r));
    plus(out, a, 'paidShortCents', figureOfReceivable('paidShort', r));
    plus(out, a, 'lateCents', figureOfReceivable('late', r));
  }
  return out;
}

/**
 * The split when it accounts for the whole book: a table whose totals were kept before these cells
 * existed has none (or part) of them until `recon totals --recount`, and a partial split would
 * read as acquirers owing less than they do.
 */
export function completeSplit(
  split: BookByAcquirer,
  book: { readonly forecastNetCents: Cents; readonly settledNetCents: Cents },
): BookByAcquirer | null {
  const all = Object.values(split);
  const sum = (field: keyof AcquirerBook) => all.reduce((n, b) => n + b[field], 0);
  return sum('expectedCents') === book.forecastNetCents && sum('receivedCents') === book.settledNetCents
    ? split
    : null;
}
