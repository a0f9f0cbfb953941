/**
 * The bank's side of the simulated world: every line of every account, from the deposits the records
 * owe (`deposits.ts`) and seeded variance. A deposit is normally credited on its payment date (the next
 * business day when that is none); one per holiday crossing (at most two) a business day late over a
 * bank holiday; one never; one short by a fee the records never announced. Around them: PIX credits
 * nobody expects (two equal ones on one day, once), the bank's tariffs and other debits, and the
 * acquirer's debit when a day's deductions exceed its payments (nothing to deposit).
 *
 * With `quirks` (off by default, so the default world stays as it was), what real banks also do: a
 * deposit paid on a Saturday and one paid on a holiday credited on that very day, and one credit
 * taken back two business days later by an "ESTORNO" debit of the same amount.
 */
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import type { Universe } from '../universe/dataset';
import { intBetween, pick, type Rng, rngFor } from '../universe/random';
import { accountsOf, type BankAccount } from './accounts';
import {
  addBusinessDays,
  holidaysBetween,
  isBusinessDay,
  nextBusinessDay,
  postingDay,
} from './business-days';
import { type BankPeriod, type PlannedDeposit, plannedDeposits } from './deposits';
import { BANK_STYLES, OTHER_DEBITS, PIX_PAYERS } from './styles';

export type DepositFate =
  | 'ON_TIME'
  | 'LATE_OVER_HOLIDAY'
  | 'NEVER'
  | 'SHORT_BY_FEE'
  /** Credited on its payment date though that is a Saturday or a holiday (quirks). */
  | 'ON_PAYMENT_DAY'
  /** Credited on time, then reversed by an ESTORNO debit two business days later (quirks). */
  | 'REVERSED';

export interface BankLine {
  readonly account: BankAccount;
  readonly date: IsoDate;
  /** Signed: credits positive. */
  readonly cents: number;
  readonly memo: string;
  readonly kind: 'DEPOSIT' | 'PIX' | 'DEBIT' | 'ACQUIRER_DEBIT' | 'REVERSAL';
  readonly acquirer: string | null;
  readonly fitid: string;
}

export interface DepositOutcome {
  readonly deposit: PlannedDeposit;
  readonly fate: DepositFate;
  /** The credit it became (null: never). */
  readonly credit: BankLine | null;
  /** The debit that took the credit back (REVERSED), else null. */
  readonly reversal: BankLine | null;
}

export interface BankLedger {
  /** The deposits with something to deposit (expected > 0). */
  readonly outcomes: readonly DepositOutcome[];
  /** Days whose deductions reach their payments: no credit, the acquirer debits any excess. */
  readonly nothingToDeposit: readonly PlannedDeposit[];
  /** Every line, per account in date order, FITIDs set. */
  readonly lines: readonly BankLine[];
}

export interface LedgerOptions extends BankPeriod {
  /** Other lines (PIX, tariffs, debits) run until this day, as statements do. */
  readonly asOf: IsoDate;
  /** What real banks also do (see the module comment); off by default. */
  readonly quirks?: boolean;
}

const placeOf = (d: PlannedDeposit) => `${d.acquirer}|${d.account.id}`;

/** The day a reversal of a credit posted on `date` is posted: two business days later. */
const reversalDay = (date: IsoDate) => addBusinessDays(postingDay(date), 2);

/** With quirks: one deposit paid on a Saturday, one paid on a holiday, each credited that very day. */
function onPaymentDay(rng: Rng, deposits: readonly PlannedDeposit[]): PlannedDeposit[] {
  const closed = deposits.filter((d) => !isBusinessDay(d.paymentDate));
  const saturday = (d: PlannedDeposit) => new Date(`${d.paymentDate}T12:00:00Z`).getUTCDay() === 6;
  const weekday = (d: PlannedDeposit) =>
    !saturday(d) && new Date(`${d.paymentDate}T12:00:00Z`).getUTCDay() !== 0;
  return [closed.filter(saturday), closed.filter(weekday)].flatMap((some) =>
    some.length > 0 ? [pick(rng, some)] : [],
  );
}

/** Which deposits go wrong, and how: keyed by the deposit. */
function fatesOf(
  rng: Rng,
  deposits: readonly PlannedDeposit[],
  options: LedgerOptions,
): Map<PlannedDeposit, DepositFate> {
  const fates = new Map<PlannedDeposit, DepositFate>();
  if (options.quirks) for (const d of onPaymentDay(rng, deposits)) fates.set(d, 'ON_PAYMENT_DAY');
  const crossings = new Map<IsoDate, PlannedDeposit[]>();
  for (const d of deposits) {
    const next = nextBusinessDay(d.paymentDate);
    if (isBusinessDay(d.paymentDate) && holidaysBetween(d.paymentDate, next).length > 0)
      crossings.set(next, [...(crossings.get(next) ?? []), d]);
  }
  for (const day of [...crossings.keys()].sort().slice(0, 2))
    fates.set(pick(rng, crossings.get(day) as PlannedDeposit[]), 'LATE_OVER_HOLIDAY');
  const rest = deposits.filter((d) => !fates.has(d));
  if (rest.length === 0) return fates;
  const short = pick(rng, rest);
  fates.set(short, 'SHORT_BY_FEE');
  // Never on another acquirer's or account's deposit, so the short credit can only be the short one's.
  const others = rest.filter((d) => placeOf(d) !== placeOf(short));
  if (others.length > 0) fates.set(pick(rng, others), 'NEVER');
  // Its estorno must be on the statements (by asOf), and on a business-day deposit like most.
  const reversible = rest.filter(
    (d) => !fates.has(d) && isBusinessDay(d.paymentDate) && reversalDay(d.paymentDate) <= options.asOf,
  );
  if (options.quirks && reversible.length > 0) fates.set(pick(rng, reversible), 'REVERSED');
  return fates;
}

type Draft = Omit<BankLine, 'fitid'>;

function creditOf(rng: Rng, d: PlannedDeposit, fate: DepositFate): Draft | null {
  if (fate === 'NEVER') return null;
  const memo = BANK_STYLES[d.account.bank].credit(d.acquirer);
  const fee = fate === 'SHORT_BY_FEE' ? Math.min(d.expectedCents - 1, intBetween(rng, 190, 1290)) : 0;
  const date =
    fate === 'LATE_OVER_HOLIDAY'
      ? nextBusinessDay(d.paymentDate)
      : fate === 'ON_PAYMENT_DAY'
        ? d.paymentDate
        : postingDay(d.paymentDate);
  const base = { account: d.account, memo, acquirer: d.acquirer };
  return { ...base, date, cents: d.expectedCents - fee, kind: 'DEPOSIT' };
}

/** PIX credits, tariffs and debits of one account's day: each day its own dice. */
function otherLines(seed: number, account: BankAccount, date: IsoDate): Draft[] {
  if (!isBusinessDay(date)) return [];
  const rng = rngFor(seed, 'bank-day', account.id, date);
  const style = BANK_STYLES[account.bank];
  const base = { account, date, acquirer: null };
  const lines: Draft[] = [];
  if (rng() < 0.12)
    lines.push({
      ...base,
      cents: intBetween(rng, 1_500, 90_000),
      memo: style.pix(pick(rng, PIX_PAYERS)),
      kind: 'PIX',
    });
  if (rng() < 0.15)
    lines.push({
      ...base,
      cents: -intBetween(rng, 5_000, 800_000),
      memo: pick(rng, OTHER_DEBITS),
      kind: 'DEBIT',
    });
  if (date === postingDay(`${date.slice(0, 8)}01`))
    lines.push({ ...base, cents: -intBetween(rng, 4_590, 18_990), memo: style.tariff, kind: 'DEBIT' });
  return lines;
}

/** Two PIX alike in every field on one account's day (not Itaú's: its FITIDs tell them apart anyway). */
function twins(rng: Rng, seed: number, period: BankPeriod): Draft[] {
  const account = accountsOf(seed).find((a) => a.bank !== '341') as BankAccount;
  let date = addDays(period.from, intBetween(rng, 0, 9));
  while (!isBusinessDay(date)) date = addDays(date, 1);
  const pix = BANK_STYLES[account.bank].pix('COMERCIAL BOA VISTA LTDA');
  const twin: Draft = { account, date, cents: 25_000, memo: pix, kind: 'PIX', acquirer: null };
  return [twin, { ...twin }];
}

const KIND_ORDER = { DEPOSIT: 0, ACQUIRER_DEBIT: 1, PIX: 2, DEBIT: 3, REVERSAL: 4 };

/**
 * Sorts the lines and gives them the bank's FITIDs; Banco do Brasil repeats one (once) for two
 * different transactions of one day. Also says which line each draft became.
 */
function withFitids(rng: Rng, drafts: Draft[]): { lines: BankLine[]; lineOf: Map<Draft, number> } {
  const sorted = [...drafts].sort(
    (a, b) =>
      a.account.id.localeCompare(b.account.id) ||
      a.date.localeCompare(b.date) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.acquirer ?? '').localeCompare(b.acquirer ?? '') ||
      a.cents - b.cents,
  );
  const seqs = new Map<string, number>();
  const lines = sorted.map((draft): BankLine => {
    const day = `${draft.account.id}|${draft.date}`;
    const seq = seqs.get(day) ?? 0;
    seqs.set(day, seq + 1);
    return { ...draft, fitid: BANK_STYLES[draft.account.bank].fitid(draft.date, seq) };
  });
  const pairs = lines.flatMap((line, i) => {
    const next = lines[i + 1];
    return line.account.bank === '001' &&
      next?.account === line.account &&
      next.date === line.date &&
      next.cents !== line.cents
      ? [i]
      : [];
  });
  if (pairs.length > 0) {
    const i = pick(rng, pairs);
    lines[i + 1] = { ...(lines[i + 1] as BankLine), fitid: (lines[i] as BankLine).fitid };
  }
  return { lines, lineOf: new Map(sorted.map((draft, i) => [draft, i])) };
}

export function bankLedger(universe: Universe, seed: number, options: LedgerOptions): BankLedger {
  const rng = rngFor(seed, 'bank-ledger', options.from, options.to);
  const planned = plannedDeposits(universe, seed, options);
  const positive = planned.filter((d) => d.expectedCents > 0);
  const fates = fatesOf(rng, positive, options);
  const drafts: Draft[] = [];
  const credits = positive.map((deposit) => {
    const fate = fates.get(deposit) ?? 'ON_TIME';
    const credit = creditOf(rng, deposit, fate);
    if (credit) drafts.push(credit);
    const reversal: Draft | null =
      credit && fate === 'REVERSED'
        ? {
            ...credit,
            date: reversalDay(credit.date),
            cents: -credit.cents,
            memo: `ESTORNO ${credit.memo}`,
            kind: 'REVERSAL',
          }
        : null;
    if (reversal) drafts.push(reversal);
    return { deposit, fate, credit, reversal };
  });
  const nothingToDeposit = planned.filter((d) => d.expectedCents <= 0);
  for (const d of nothingToDeposit) {
    if (d.expectedCents === 0) continue;
    const memo = BANK_STYLES[d.account.bank].debit(d.acquirer);
    const date = postingDay(d.paymentDate);
    drafts.push({
      account: d.account,
      date,
      cents: d.expectedCents,
      memo,
      kind: 'ACQUIRER_DEBIT',
      acquirer: d.acquirer,
    });
  }
  for (const account of accountsOf(seed))
    for (let date = options.from; date <= options.asOf; date = addDays(date, 1))
      drafts.push(...otherLines(seed, account, date));
  drafts.push(...twins(rng, seed, options));
  const { lines, lineOf } = withFitids(rng, drafts);
  const lineFor = (draft: Draft | null) => (draft ? (lines[lineOf.get(draft) as number] as BankLine) : null);
  const outcomes = credits.map(({ deposit, fate, credit, reversal }) => ({
    deposit,
    fate,
    credit: lineFor(credit),
    reversal: lineFor(reversal),
  }));
  return { outcomes, nothingToDeposit, lines };
}
