/**
 * The simulator's bank statements: OFX files that hold, overlapping, every credit
 * its answer key says arrived, and the variance the key names (late over a holiday, never, short,
 * unexplained twins, a repeated FITID, a re-export).
 */
import Holidays from 'date-holidays';
import { Ofx } from 'ofx-data-extractor';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lambdas/core/calendar';
import { simulatorStatements } from '../../../local/simulator/bank/statements';
import { bankTruth } from '../../../local/simulator/bank/truth';
import { generateUniverse } from '../../../local/simulator/universe/dataset';
import { checkOfx, type OfxTransaction, transactionsOf } from './ofx-check';

const PERIOD = { from: '2025-01-01', to: '2025-03-31', asOf: '2025-04-10' };
const seed = 42;
const dataset = { seed, universe: generateUniverse({ seed, sales: 400, ...PERIOD, lifecycle: true }) };
const { files } = simulatorStatements(dataset, PERIOD);
const truth = bankTruth(dataset, PERIOD);
const holidays = new Holidays('BR', { types: ['public', 'bank'] });

const sameTransaction = (a: OfxTransaction) => (b: OfxTransaction) =>
  a.account === b.account &&
  a.date === b.date &&
  a.cents === b.cents &&
  a.fitid === b.fitid &&
  a.memo === b.memo;
const inFiles = files.map((file) => ({ file, transactions: transactionsOf(file.bytes) }));
const everyTransaction = inFiles.flatMap(({ transactions }) => transactions);

describe('simulator bank statements', () => {
  it('writes well-formed OFX, SGML 1.02 and XML 2.1.1, one STMTTRN per transaction', () => {
    const formats = new Set<string>();
    for (const { file, transactions } of inFiles) {
      const { format, text } = checkOfx(file.bytes);
      formats.add(format);
      expect(text.split('<STMTTRN>').length - 1).toBe(transactions.length);
      expect(text.split('</STMTTRN>').length - 1).toBe(transactions.length);
      const parsed = Ofx.fromBuffer(Buffer.from(file.bytes));
      expect(parsed.validate().isValid, file.name).toBe(true);
      expect(parsed.getBankTransferList() ?? []).toHaveLength(transactions.length);
    }
    expect([...formats].sort()).toEqual(['sgml', 'xml']);
  });

  it('writes SGML in windows-1252 (one byte per accented letter) and XML in UTF-8', () => {
    const sgml = files.filter((f) => checkOfx(f.bytes).format === 'sgml');
    const accented = sgml.find((f) => Buffer.from(f.bytes).includes(Buffer.from('Servi\xe7os', 'latin1')));
    expect(accented).toBeDefined();
    const xml = files.find((f) => checkOfx(f.bytes).format === 'xml') as { bytes: Uint8Array };
    expect(Buffer.from(xml.bytes).includes(Buffer.from('BANCÁRIA', 'utf8'))).toBe(true);
  });

  it('puts every credit the answer key counts in at least one file, and the missing one in none', () => {
    expect(truth.results.length).toBeGreaterThan(100);
    for (const row of truth.results) {
      if (row.creditDate === null) continue;
      const credit = {
        account: row.bankAccount,
        date: row.creditDate,
        cents: row.creditCents as number,
        fitid: row.fitid as string,
        memo: row.memo as string,
      };
      expect(everyTransaction.some(sameTransaction(credit)), JSON.stringify(row)).toBe(true);
    }
    const never = truth.results.filter((row) => row.fate === 'NEVER');
    expect(never).toHaveLength(1);
    const missing = never[0] as (typeof never)[number];
    expect(missing.status).toBe('NOT_DEPOSITED');
    expect(
      everyTransaction.some(
        (t) =>
          t.account === missing.bankAccount &&
          t.cents === missing.expectedCents &&
          t.date >= (missing.paymentDate as string),
      ),
    ).toBe(false);
  });

  it('has a deposit short by an unannounced fee, and two equal unexplained credits on one day', () => {
    const short = truth.results.filter((row) => row.status === 'DEPOSIT_DIFFERS');
    expect(short).toHaveLength(1);
    expect(short[0]?.differenceCents).toBeLessThan(0);
    const unexplained = truth.results.filter((row) => row.status === 'UNEXPLAINED_CREDIT');
    const twins = unexplained.filter((a) =>
      unexplained.some(
        (b) =>
          a !== b &&
          a.bankAccount === b.bankAccount &&
          a.creditDate === b.creditDate &&
          a.creditCents === b.creditCents &&
          a.memo === b.memo,
      ),
    );
    expect(twins).toHaveLength(2);
    const day = everyTransaction.filter(
      (t) => t.account === twins[0]?.bankAccount && t.memo === twins[0]?.memo,
    );
    expect(
      day.filter((t) => t.date === twins[0]?.creditDate && t.cents === twins[0]?.creditCents).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('credits one deposit a business day late across a bank holiday of date-holidays', () => {
    const late = truth.results.filter((row) => row.fate === 'LATE_OVER_HOLIDAY');
    expect(late.length).toBeGreaterThanOrEqual(1);
    for (const row of late) {
      expect(row.status).toBe('DEPOSITED');
      const between: string[] = [];
      for (
        let day = addDays(row.paymentDate as string, 1);
        day < (row.creditDate as string);
        day = addDays(day, 1)
      )
        between.push(day);
      const crossed = between.filter((day) => holidays.isHoliday(new Date(`${day}T12:00:00-03:00`)));
      expect(crossed.length, JSON.stringify(row)).toBeGreaterThan(0);
      expect((row.creditDate as string) <= (row.windowEnds as string)).toBe(true);
    }
  });

  it('overlaps its exports: every line older than the last five days is in two files', () => {
    const lastExport = PERIOD.asOf;
    const originals = inFiles.filter(({ file }) => !file.name.includes('reexport'));
    for (const transaction of everyTransaction) {
      if (transaction.date > addDays(lastExport, -5)) continue;
      const holding = originals.filter(({ transactions }) => transactions.some(sameTransaction(transaction)));
      expect(holding.length, JSON.stringify(transaction)).toBe(2);
    }
  });

  it('has one bank repeating a FITID for two different transactions, and one byte-identical re-export', () => {
    const repeated = inFiles.flatMap(({ transactions }) =>
      transactions.filter((a) =>
        transactions.some((b) => a !== b && a.fitid === b.fitid && a.cents !== b.cents),
      ),
    );
    expect(repeated.length).toBeGreaterThanOrEqual(2);
    expect(new Set(repeated.map((t) => t.account.split('/')[0]))).toEqual(new Set(['1']));
    const again = files.filter((f) => f.name.includes('reexport'));
    expect(again).toHaveLength(1);
    const original = files.find((f) => f.name === again[0]?.name.replace('_reexportado', ''));
    expect(Buffer.from(original?.bytes ?? []).equals(Buffer.from(again[0]?.bytes ?? [1]))).toBe(true);
  });

  it('waits for deposits whose window has not passed', () => {
    const asOf = '2025-03-27';
    const early = bankTruth(dataset, { ...PERIOD, asOf });
    const awaiting = early.results.filter((row) => row.status === 'AWAITING_DEPOSIT');
    expect(awaiting.length).toBeGreaterThan(0);
    for (const row of awaiting) {
      expect((row.windowEnds as string) >= asOf).toBe(true);
      expect(row.creditDate).toBeNull();
    }
    const credited = early.results.filter((row) => row.creditDate !== null);
    expect(credited.every((row) => (row.creditDate as string) <= asOf)).toBe(true);
  });

  it('is the same for the same seed and differs for another', () => {
    const again = simulatorStatements(dataset, PERIOD);
    expect(again.files.map((f) => [f.name, Buffer.from(f.bytes).toString('base64')])).toEqual(
      files.map((f) => [f.name, Buffer.from(f.bytes).toString('base64')]),
    );
    expect(bankTruth(dataset, PERIOD)).toEqual(truth);
    const other = {
      seed: 7,
      universe: generateUniverse({ seed: 7, sales: 400, ...PERIOD, lifecycle: true }),
    };
    expect(bankTruth(other, PERIOD)).not.toEqual(truth);
  });
});
