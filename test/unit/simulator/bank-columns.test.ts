/**
 * Where the simulator's money lands: the records that move money name their bank
 * account in BANCO/AGENCIA/CONTA, in every rendering, and the deposit answer key is the sum of those
 * records per acquirer, account and payment date, to the centavo.
 */
import { describe, expect, it } from 'vitest';
import { fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import { bankAccountId } from '../../../lambdas/core/deposits/bank/account-id';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { accountOf } from '../../../local/simulator/bank/accounts';
import { bankTruth } from '../../../local/simulator/bank/truth';
import { buildEncoder } from '../../../local/simulator/rendering/encoding';
import { renderingFor } from '../../../local/simulator/rendering/variance';
import { type DataRecord, dayRange, generateUniverse } from '../../../local/simulator/universe/dataset';

const SEED = 42;
const PERIOD = { from: '2025-01-01', to: '2025-03-31', asOf: '2025-04-10' };
const universe = generateUniverse({ seed: SEED, sales: 400, ...PERIOD, lifecycle: true });
const MONEY_ROLES = ['ADVANCE', 'CHARGEBACK', 'CHARGEBACK_REVERSAL', 'ADJUSTMENT', 'FEE'];

const upper = (text: string) =>
  Object.fromEntries(Object.entries(JSON.parse(text) as object).map(([k, v]) => [k.toUpperCase(), v]));

/** The account a rendered record names, as recon's shared rule reads it (null: none named). */
function namedAccount(text: string): string | null {
  const row = upper(text);
  if (!('BANCO' in row) && !('AGENCIA' in row) && !('CONTA' in row)) return null;
  return bankAccountId({ bank: String(row.BANCO), branch: String(row.AGENCIA), account: String(row.CONTA) });
}

/** This test's own reading of COMMON's rule: what one record adds to its day's deposit. */
function signedCents(record: DataRecord): number {
  if (record.code === 'D1') return record.netCents;
  const role = record.role?.role;
  const cents = record.role?.cents ?? 0;
  return role === 'CHARGEBACK' || role === 'FEE' ? -cents : cents;
}

const movesMoney = (r: DataRecord) => r.code === 'D1' || MONEY_ROLES.includes(r.role?.role ?? '');

describe('bank columns on the simulator records', () => {
  it('names the same account on every rendering of a money record, and none on the others', () => {
    for (const mode of ['production', 'sandbox'] as const) {
      const encode = buildEncoder(universe, SEED, mode);
      for (const kind of ['sales', 'financial'] as ReportKind[]) {
        const records = universe[kind].records;
        const renderings = [undefined, renderingFor(SEED, '1', kind), renderingFor(SEED, '2', kind)];
        for (let entry = 0; entry < records.length; entry += 3) {
          const record = records[entry] as DataRecord;
          const expected = movesMoney(record)
            ? accountOf(SEED, record.receivable.sale.acquirer, record.receivable.sale.merchant).id
            : null;
          for (const rendering of renderings)
            expect(namedAccount(encode(kind, entry, rendering)), `${kind} ${entry}`).toBe(expected);
        }
      }
    }
  });

  it('writes the account in several forms: leading zeros, a branch check digit, numbers', () => {
    const encode = buildEncoder(universe, SEED, 'production');
    const numeric = renderingFor(SEED, '3', 'financial');
    const forms = new Set<string>();
    universe.financial.records.forEach((record, entry) => {
      if (!movesMoney(record)) return;
      for (const rendering of [undefined, { ...numeric, numericIds: true }]) {
        const row = upper(encode('financial', entry, rendering));
        forms.add(`${typeof row.BANCO}:${String(row.BANCO).length}`);
        if (/-\d$/.test(String(row.AGENCIA))) forms.add('branch-check');
        if (/^0/.test(String(row.CONTA))) forms.add('account-zeros');
      }
    });
    expect(forms).toContain('number:3');
    expect(forms).toContain('string:4');
    expect(forms).toContain('branch-check');
    expect(forms).toContain('account-zeros');
  });

  it('expects per acquirer, account and payment date the sum of the records that name it', () => {
    const encode = buildEncoder(universe, SEED, 'production');
    const sums = new Map<string, number>();
    const [start, end] = dayRange(universe.financial, toEpochDay(PERIOD.from), toEpochDay(PERIOD.to));
    for (let entry = start; entry < end; entry++) {
      const record = universe.financial.records[entry] as DataRecord;
      const account = namedAccount(encode('financial', entry));
      // A linked adjustment is already in its D1's amount: the deposit does not net it again.
      const linkedAdjustment = record.role?.role === 'ADJUSTMENT' && record.role.accountLevel !== true;
      if (account === null || linkedAdjustment) continue;
      const key = `${record.receivable.sale.acquirer}|${account}|${fromEpochDay(record.paymentDay as number)}`;
      sums.set(key, (sums.get(key) ?? 0) + signedCents(record));
    }
    const truth = bankTruth({ universe, seed: SEED }, PERIOD);
    const expected = new Map<string, number>();
    for (const row of truth.results) {
      if (!('status' in row) || row.status !== 'UNEXPLAINED_CREDIT')
        expected.set(`${row.acquirer}|${row.bankAccount}|${row.paymentDate}`, row.expectedCents as number);
    }
    expect(sums.size).toBeGreaterThan(100);
    expect(expected).toEqual(sums);
  });
});
