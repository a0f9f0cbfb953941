/**
 * A receivable's contribution to the book totals, as a flat map of numeric cells, so that totals are
 * kept by adding each write's delta (cells after − cells before) with DynamoDB's atomic ADD, and a
 * recount is the plain sum of every receivable's cells.
 *
 * Cells depend on the receivable's CONTENT and its STORED status only, never on a business date:
 * whether an unpaid forecast is OPEN or OVERDUE on the report's date, and how late it is, is read
 * from its due-date cells when the summary is built (see book.ts). So the totals do not go stale
 * overnight, and aging changes no total except `o:` (the stored-OPEN count aging works from).
 *
 * | cell | per | what |
 * |------|-----|------|
 * | `n:S` `f:S` `s:S` `a:S` | settled-class state S (SETTLED, UNDERPAID, OVERPAID, UNEXPECTED) | count, forecast, settled, Σ\|difference\| |
 * | `un:D` `uf:D` `ua:D` | due date D (empty when none) of an unpaid forecast | count, forecast, Σ still owed (\|difference\|: less a cancellation in part) |
 * | `wf:W` `ws:W` | Monday W of the due week (valid due dates only) | forecast, settled |
 * | `cn:` `ca:` | receivables flagged `capped` | count, Σ\|difference\| |
 * | `o:D` | due date D of a receivable STORED as OPEN | count |
 * | `lc:` `lk:` `lv:` | every receivable | Σ cancelled, Σ charged back (net of reversals), Σ advance fees |
 * | `d:<place>` `dk:<place>` | deposit place `<date>\|<acquirer>\|<account>[\|<group>]` | paid into it, taken from it (book/deposit-cells.ts) |
 * | `qf:` `qs:` `qb:` `qu:` `ql:` | acquirer (and due date) | the book per acquirer (book/acquirer-cells.ts) |
 *
 * A receivable that will leave the table by TTL (receivables/horizon.ts) has every cell filed under its
 * expiry day instead, `x<day>/<cell>`, so the book can leave it out from that day on (expiry.ts).
 * Deposit cells always are, under the earlier of that day and their payment date's own (book/deposit-cells.ts).
 */
import { type IsoDate, isIsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { expiryDateOf } from '../receivables/horizon';
import type { Receivable } from '../receivables/item';
import { explain, moneyOf } from '../receivables/status';
import { addAcquirerCells } from './acquirer-cells';
import { weekStartOf } from './agenda';
import { type DepositCellsConfig, depositCells, depositExpiry, depositPlaceOf } from './deposit-cells';
import { figureOfReceivable } from './figures';

import type { Cells } from './types';

export type { Cells };

/** What a receivable's cells depend on besides its content. */
export type CellsConfig = Pick<ReconConfig, 'tolerance' | 'graceDays' | 'hotHorizonDays'> &
  DepositCellsConfig;

/** Cell name: a kind and a bucket (state, due date or week), `:`-separated. */
export const cell = (kind: string, bucket = '') => `${kind}:${bucket}`;

/** The kind and bucket of a cell name. */
export function parseCell(name: string): { kind: string; bucket: string } {
  const at = name.indexOf(':');
  return { kind: name.slice(0, at), bucket: name.slice(at + 1) };
}

const EXPIRING_PREFIX = 'x';
const EXPIRING_SEPARATOR = '/';

/** The name of cell `name` filed under expiry day `expiry` (no cell kind starts with `x`). */
export const expiringCell = (expiry: IsoDate, name: string) =>
  `${EXPIRING_PREFIX}${expiry}${EXPIRING_SEPARATOR}${name}`;

/** The expiry day a cell is filed under (null for a plain cell) and the plain cell's name. */
export function parseExpiring(name: string): { expiry: IsoDate | null; name: string } {
  const at = name.indexOf(EXPIRING_SEPARATOR);
  return name.startsWith(EXPIRING_PREFIX) && at > 0
    ? { expiry: name.slice(EXPIRING_PREFIX.length, at), name: name.slice(at + 1) }
    : { expiry: null, name };
}

/**
 * A receivable with a forecast and no settlement: OPEN or OVERDUE depending on the day it is read.
 * Lifecycle records (docs/lifecycle.md) can settle that without a payment (cancelled in full,
 * advanced, charged back): then the state follows from the records, as the derivation says.
 */
function isUnpaid(r: Receivable, config: CellsConfig): boolean {
  if (r.forecasts.length === 0 || r.settlements.length > 0) return false;
  return r.events === undefined || UNPAID_STATES.has(explain(r, r.changedOn, config).status);
}

const UNPAID_STATES: ReadonlySet<string> = new Set(['OPEN', 'OVERDUE']);

export function cellsOf(r: Receivable, config: CellsConfig): Cells {
  const cells: Record<string, number> = {};
  // Matched by hand: its payments are counted in the receivable it was merged into, once.
  if (r.status === 'MERGED') return cells;
  const expiry = expiryDateOf(r, config);
  const add = (plain: string, value: number) => {
    const name = expiry === undefined ? plain : expiringCell(expiry, plain);
    if (value !== 0) cells[name] = (cells[name] ?? 0) + value;
  };
  // Not unpaid: the state follows from the amounts alone, whatever the date.
  const explained = isUnpaid(r, config) ? undefined : explain(r, r.changedOn, config);
  const { forecastNetCents, settledNetCents, differenceCents } = explained ?? moneyOf(r);
  const forecast = forecastNetCents ?? 0;
  if (explained === undefined) {
    const due = r.dueDate ?? '';
    add(cell('un', due), 1);
    add(cell('uf', due), forecast);
    // What is still owed: a cancellation in part lowers it, as the lake's and the list's figures say.
    add(cell('ua', due), Math.abs(differenceCents));
  } else {
    const { status } = explained;
    add(cell('n', status), 1);
    add(cell('f', status), forecast);
    add(cell('s', status), settledNetCents);
    add(cell('a', status), Math.abs(differenceCents));
  }
  if (r.dueDate !== null && isIsoDate(r.dueDate)) {
    const week = weekStartOf(r.dueDate);
    add(cell('wf', week), forecast);
    add(cell('ws', week), settledNetCents);
  }
  const lifecycle = explained ?? moneyOf(r);
  add(cell('lc'), lifecycle.cancelledNetCents);
  add(cell('lk'), lifecycle.chargedBackNetCents);
  add(cell('lv'), lifecycle.advanceFeeCents);
  // Late is read by due date on the day (`ql:`); the date-free figures are the receivable's own.
  const figured = {
    ...lifecycle,
    status: explained?.status ?? 'OPEN',
    forecastNetCents: forecast,
    settledNetCents,
    differenceCents,
  };
  addAcquirerCells(
    {
      acquirer: r.acquirer,
      forecastCents: forecast,
      settledCents: settledNetCents,
      takenBackCents: figureOfReceivable('takenBack', figured),
      shortCents: figureOfReceivable('paidShort', figured),
      ...(explained === undefined
        ? { unpaid: { due: r.dueDate ?? '', owedCents: Math.abs(differenceCents) } }
        : {}),
    },
    add,
  );
  if (r.capped) {
    add(cell('cn'), 1);
    add(cell('ca'), Math.abs(differenceCents));
  }
  if (r.status === 'OPEN' && r.dueDate !== null) add(cell('o', r.dueDate), 1);
  for (const [plain, cents] of Object.entries(depositCells(r, config))) {
    const own = depositExpiry(depositPlaceOf(parseCell(plain).bucket).paymentDate);
    const day = own === undefined || (expiry !== undefined && expiry < own) ? expiry : own;
    cells[day === undefined ? plain : expiringCell(day, plain)] = cents;
  }
  return cells;
}

/** `into` + `sign` × `cells`, zeros dropped (mutates and returns `into`). */
export function addCells(
  into: Record<string, number>,
  cells: Cells,
  sign: 1 | -1 = 1,
): Record<string, number> {
  for (const [name, value] of Object.entries(cells)) {
    const sum = (into[name] ?? 0) + sign * value;
    if (sum === 0) delete into[name];
    else into[name] = sum;
  }
  return into;
}

/** What one write changes in the totals: the receivable's cells after minus before. */
export function deltaOf(before: Receivable | undefined, after: Receivable, config: CellsConfig): Cells {
  const delta = addCells({}, cellsOf(after, config));
  return before ? addCells(delta, cellsOf(before, config), -1) : delta;
}
