/**
 * Where the acquirers' money lands: the simulator's own assignment of bank accounts, not any
 * bank's or acquirer's. Each seed opens four accounts (two at Itaú, one at Bradesco, one at Banco do
 * Brasil) and each (acquirer, merchant) deposits to one of them. The records that move money (D1, and
 * under `lifecycle` the advances, chargebacks, reversals, adjustments and fees) name it in BANCO,
 * AGENCIA and CONTA, the default aliases recon reads, written the ways real layouts write them.
 */
import { bankAccountId } from '../../../lambdas/core/deposits/bank/account-id';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import type { DataRecord } from '../universe/dataset-records';
import { type Field, int, text } from '../universe/fields';
import { intBetween, pick, rngFor } from '../universe/random';

export type BankCode = '341' | '237' | '001';

export interface BankAccount {
  readonly bank: BankCode;
  /** Four digits, leading zeros kept as the bank prints them. */
  readonly branch: string;
  readonly branchCheck: string;
  /** The account number without its check digit, leading zeros kept. */
  readonly number: string;
  readonly check: string;
  /** `bankAccountId` of it: what recon reads from both sides. */
  readonly id: string;
}

const BANKS: readonly BankCode[] = ['341', '341', '237', '001'];

function accountFor(seed: number, bank: BankCode, n: number): BankAccount {
  const rng = rngFor(seed, 'bank-account', bank, n);
  const branch = String(intBetween(rng, 200, 9_999)).padStart(4, '0');
  const number = String(intBetween(rng, 1_000, 99_999)).padStart(bank === '001' ? 8 : 5, '0');
  const check = String(intBetween(rng, 0, 9));
  const id = bankAccountId({ bank, branch, account: `${number}${check}` }) as string;
  return { bank, branch, branchCheck: String(intBetween(rng, 0, 9)), number, check, id };
}

const pools = new Map<number, readonly BankAccount[]>();

/** The seed's accounts, in a fixed order. */
export function accountsOf(seed: number): readonly BankAccount[] {
  let pool = pools.get(seed);
  if (!pool) {
    pool = BANKS.map((bank, n) => accountFor(seed, bank, n));
    pools.set(seed, pool);
  }
  return pool;
}

/** The account an acquirer deposits a merchant's money to. */
export function accountOf(seed: number, acquirer: string, merchant: string): BankAccount {
  return pick(rngFor(seed, 'bank-assignment', acquirer, merchant), accountsOf(seed));
}

const MONEY_ROLES: ReadonlySet<string> = new Set([
  'ADVANCE',
  'CHARGEBACK',
  'CHARGEBACK_REVERSAL',
  'ADJUSTMENT',
  'FEE',
]);

/** The records that say where money lands (cancellations, A1s and meaningless copies do not). */
export function movesMoney(record: DataRecord): boolean {
  if (record.code === 'D1') return true;
  return record.role !== undefined && MONEY_ROLES.has(record.role.role);
}

/**
 * Whether a money record is netted in its day's deposit: every one but a linked adjustment, whose D1
 * already pays the adjusted amount (lifecycle.ts), so netting it again would count it twice.
 */
export function inDeposit(record: DataRecord): boolean {
  if (!movesMoney(record)) return false;
  return !(record.role?.role === 'ADJUSTMENT' && record.role.accountLevel !== true);
}

/**
 * What a money record adds to its day's deposit (COMMON "Expected deposit"): payments and advances
 * (net of the advance fee) in, chargebacks and fees out, reversals back in, adjustments by their sign.
 */
export function depositCents(record: DataRecord): number {
  const role = record.role;
  if (!role) return record.netCents;
  if (role.role === 'CHARGEBACK' || role.role === 'FEE') return -role.cents;
  return role.cents;
}

/**
 * BANCO, AGENCIA and CONTA of a money record, appended after every other column so that no other
 * rendering choice changes. `numeric` (a report writing identifiers as JSON numbers) writes digits
 * as numbers; otherwise each record draws its own forms: bank with or without leading zeros, branch
 * with its check digit after a dash, account with or without its dash and zero-padded.
 */
export function bankColumns(
  seed: number,
  kind: ReportKind,
  entry: number,
  record: DataRecord,
  numeric: boolean,
): Field[] {
  if (!movesMoney(record)) return [];
  const { acquirer, merchant } = record.receivable.sale;
  const account = accountOf(seed, acquirer, merchant);
  if (numeric)
    return [
      ['BANCO', int(Number(account.bank))],
      ['AGENCIA', int(Number(account.branch))],
      ['CONTA', int(Number(`${account.number}${account.check}`))],
    ];
  const rng = rngFor(seed, 'bank-columns', kind, entry);
  const bank = pick(rng, [account.bank, account.bank.padStart(4, '0'), String(Number(account.bank))]);
  const branch = pick(rng, [account.branch, `${account.branch}-${account.branchCheck}`]);
  const number = pick(rng, [
    `${account.number}-${account.check}`,
    `${account.number}${account.check}`,
    `${account.number}-${account.check}`.padStart(12, '0'),
  ]);
  return [
    ['BANCO', text(bank)],
    ['AGENCIA', text(branch)],
    ['CONTA', text(number)],
  ];
}
