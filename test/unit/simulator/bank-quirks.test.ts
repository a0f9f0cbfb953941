/**
 * The simulator's bank with quirks (ledger.ts): what real banks also do, read by recon's own reader
 * and matched by recon's own matcher against the planned deposits, to the centavo of the answer key.
 * Off by default: the default statements hold none of it (bank-statements.test.ts covers them).
 */
import { describe, expect, it } from 'vitest';
import { DEPOSIT_COLUMNS } from '../../../cli/commands/deposits';
import { identify } from '../../../lambdas/core/deposits/bank/identity';
import { readOfx } from '../../../lambdas/core/deposits/bank/ofx-reader';
import { isBusinessDay } from '../../../lambdas/core/deposits/business-days';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import type { BankCredit } from '../../../lambdas/core/deposits/types';
import { plannedDeposits } from '../../../local/simulator/bank/deposits';
import { simulatorStatements } from '../../../local/simulator/bank/statements';
import { bankTruth } from '../../../local/simulator/bank/truth';
import { generateUniverse } from '../../../local/simulator/universe/dataset';
import { depositsConfig } from '../../support/deposits';

const PERIOD = { from: '2025-01-01', to: '2025-03-31', asOf: '2025-04-10' };
const seed = 42;
const dataset = { seed, universe: generateUniverse({ seed, sales: 400, ...PERIOD, lifecycle: true }) };
const QUIRKS = { ...PERIOD, quirks: true };

function readAll(files: readonly { name: string; bytes: Uint8Array }[]) {
  const byIdentity = new Map<string, BankCredit>();
  let skipped = 0;
  for (const file of files) {
    const read = readOfx(file.bytes, file.name);
    expect(read.quarantined, file.name).toEqual([]);
    skipped += read.skipped.length;
    for (const t of identify(read.transactions, depositsConfig().deposits.statementIdentity))
      byIdentity.set(t.identity, t);
  }
  return { transactions: [...byIdentity.values()], skipped };
}

describe('simulator bank quirks', () => {
  const { files } = simulatorStatements(dataset, QUIRKS);
  const truth = bankTruth(dataset, QUIRKS).results;

  it('writes the amount forms, balance lines and CDATA real files have; the default writes none', () => {
    const text = files.map((f) => Buffer.from(f.bytes).toString('latin1')).join('\n');
    expect(text).toMatch(/<TRNAMT>-\d+,\d\d\r\n/); // Itaú: -2,48
    expect(text).toMatch(/<TRNAMT>\d{1,4}\.\d{3},\d\d\r\n/); // Banco do Brasil: 4.296,51
    expect(text).toMatch(/<TRNAMT>\+\d+\.\d\d<\/TRNAMT>/); // Bradesco: +4296.51
    expect(text).toMatch(/<TRNAMT>- \d+\.\d\d<\/TRNAMT>/);
    expect(text).toContain('<NAME>Saldo Anterior');
    expect(text).toContain('<MEMO><![CDATA[');
    expect(text).toContain('ESTORNO ');
    const plain = simulatorStatements(dataset, PERIOD)
      .files.map((f) => Buffer.from(f.bytes).toString('latin1'))
      .join('\n');
    for (const quirk of ['Saldo Anterior', 'CDATA', 'ESTORNO', ',00\r\n']) expect(plain).not.toContain(quirk);
  });

  it('has a credit on a Saturday and on a holiday payment date, and a reversed deposit', () => {
    const onClosedDay = truth.filter(
      (r) =>
        r.status === 'DEPOSITED' && r.creditDate === r.paymentDate && !isBusinessDay(r.paymentDate as string),
    );
    expect(onClosedDay.map((r) => new Date(`${r.paymentDate}T12:00:00Z`).getUTCDay() === 6).sort()).toEqual([
      false,
      true,
    ]);
    const reversed = truth.filter((r) => r.status === 'DEPOSIT_REVERSED');
    expect(reversed).toHaveLength(1);
    expect(reversed[0]?.reversalCents).toBe(-(reversed[0]?.creditCents as number));
  });

  it("recon's reader and matcher give the answer key, to the centavo, balance lines skipped", () => {
    const { transactions, skipped } = readAll(files);
    expect(skipped).toBeGreaterThan(0);
    const expected = plannedDeposits(dataset.universe, seed, PERIOD).map((d) => ({
      acquirer: d.acquirer,
      bankAccount: d.account.id,
      paymentDate: d.paymentDate,
      group: '',
      expectedCents: d.expectedCents,
      paidCents: d.paidCents,
      deductedCents: d.deductedCents,
    }));
    const results = matchDeposits({
      expected,
      credits: transactions,
      asOf: PERIOD.asOf,
      config: depositsConfig(),
    });
    const fields = [...DEPOSIT_COLUMNS.slice(0, 9), 'reversalDate', 'reversalCents'] as const;
    const rows = (list: readonly object[]) =>
      list.map((r) => JSON.stringify(fields.map((f) => (r as Record<string, unknown>)[f]))).sort();
    expect(new Set(results.map((r) => r.status))).toEqual(
      new Set([
        'DEPOSITED',
        'DEPOSIT_DIFFERS',
        'NOT_DEPOSITED',
        'UNEXPLAINED_CREDIT',
        'NO_DEPOSIT_DUE',
        'DEPOSIT_REVERSED',
      ]),
    );
    expect(rows(results)).toEqual(rows(truth));
  });
});
