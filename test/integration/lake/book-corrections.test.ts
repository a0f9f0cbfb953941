/**
 * The lake counts a restatement as the book does (`receivables/corrections.ts`): a later report's
 * chargeback or payment supersedes the earlier one, never summed; twins restated in a later report
 * follow its statement; an installment advanced in full sets its payment aside. Each lake figure is
 * compared with the book's, which the matcher works out from the same records, report by report.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRecord, ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import type { RawRecord } from '../../../lambdas/core/provider/port';
import { applyRecords, type ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { moneyOf } from '../../../lambdas/core/receivables/status';
import type { LocalLake } from '../../../local/lake/duckdb';
import { config, financial, JUNE, lakePerTest, normalized, putRecords, source } from './stored-records';

const MARCH = { from: '2025-03-01', to: '2025-03-31' };
const MAY = { from: '2025-05-01', to: '2025-05-31' };

const { startS3, openLake } = lakePerTest();
let lake: LocalLake | undefined;

/** One page of report `reportId`, generated on `generatedOn`, a record per line. */
function report(reportId: string, generatedOn: string, raws: RawRecord[], kind: ReportKind = 'financial') {
  const origin = { ...source(reportId, 1, generatedOn), reportKind: kind, lines: raws.length };
  return raws.map((raw, line) => normalized(raw, origin, line));
}

/** Stores the reports in the lake, a day apart, and returns the book's money of their receivable. */
async function storeReports(...reports: CanonicalRecord[][]) {
  const s3 = await startS3();
  let content: ReceivableContent | undefined;
  for (const [day, records] of reports.entries()) {
    await putRecords(s3, records, config, `2025-06-2${day}T08:00:00Z`);
    content = applyRecords(content, records, config).receivable;
  }
  lake = await openLake();
  return moneyOf(content as ReceivableContent);
}

/** What `daily_totals` counts of a code's records in a range: records and net. */
async function lakeTotals(code: string, range: typeof JUNE) {
  const rows = await (lake as LocalLake).runNamedQuery('daily_totals', range);
  const ofCode = rows.filter((row) => row.code === code);
  return {
    records: ofCode.reduce((n, row) => n + Number(row.records), 0),
    netCents: ofCode.reduce((n, row) => n + Number(row.net_cents), 0),
  };
}
const lakePayments = (range: typeof JUNE) => lakeTotals('D1', range);

const chargeback = (cents: number) => financial(3, 'E1', cents, { TIPOLANCAMENTO: '08', SINAL: 'D' });
const payment = (cents: number) => financial(3, 'D1', cents);

describe('a later report restates a record: it supersedes, never summed', () => {
  it('a chargeback of 60,00 restated as 100,00: 100,00 in the lake as in the book', async () => {
    const book = await storeReports(
      report('100', '2025-06-20', [chargeback(6_000)]),
      report('200', '2025-06-21', [chargeback(10_000)]),
    );
    expect(book.chargedBackNetCents).toBe(10_000);
    const rows = await (lake as LocalLake).runNamedQuery('chargebacks_by_month', JUNE);
    expect(rows).toEqual([
      expect.objectContaining({ chargebacks: 1, chargeback_cents: book.chargedBackNetCents }),
    ]);
  });

  it('a payment of 98,00 restated as 97,00: 97,00 in the lake as in the book', async () => {
    const book = await storeReports(
      report('100', '2025-06-20', [payment(9_800)]),
      report('200', '2025-06-21', [payment(9_700)]),
    );
    expect(book.settledNetCents).toBe(9_700);
    expect(await lakePayments(JUNE)).toEqual({ records: 1, netCents: book.settledNetCents });
  });

  it('twin payments 2 × 35,00, then 35,00 and 36,00 in a later report: its statement, 71,00', async () => {
    const book = await storeReports(
      report('100', '2025-06-20', [payment(3_500), payment(3_500)]),
      report('200', '2025-06-21', [payment(3_500), payment(3_600)]),
    );
    expect([book.settledNetCents, book.settlementCount]).toEqual([7_100, 2]);
    expect(await lakePayments(JUNE)).toEqual({ records: 2, netCents: book.settledNetCents });
  });

  it('a payment some report holds with another is no restatement: both count', async () => {
    const book = await storeReports(
      report('100', '2025-06-20', [payment(3_500)]),
      report('200', '2025-06-21', [payment(3_500), payment(3_600)]),
    );
    expect(book.settledNetCents).toBe(7_100);
    expect(await lakePayments(JUNE)).toEqual({ records: 2, netCents: book.settledNetCents });
  });
});

describe('an installment advanced (in May) and paid (in June), its sale in March', () => {
  const sale = report('90', '2025-03-05', [financial(3, 'A1', 10_000)], 'sales');
  const advance = (net: number, fee: number) =>
    financial(3, 'F1', net, { vlTaxa: (fee / 100).toFixed(2).replace('.', ','), dtPagamento: 20250520 });

  /** The book's settled money against the lake's: June's payments plus May's advances. */
  async function lakeSettled() {
    const [advances] = await (lake as LocalLake).runNamedQuery('advance_fees_by_month', MAY);
    return (await lakePayments(JUNE)).netCents + Number(advances?.advanced_net_cents ?? 0);
  }

  it.each([
    ['in full (99,00 + 1,00 of fee): the payment is set aside', 9_900, 10_000, { records: 0, netCents: 0 }],
    [
      'in part (39,00 + 1,00): the payment of the rest counts too',
      3_900,
      6_000,
      { records: 1, netCents: 6_000 },
    ],
  ])('advanced %s, in the lake as in the book', async (_, advanced, paid, payments) => {
    const book = await storeReports(
      sale,
      report('100', '2025-05-21', [advance(advanced, 100)]),
      report('200', '2025-06-11', [payment(paid)]),
    );
    expect(book.settledNetCents).toBe(advanced + payments.netCents);
    expect(await lakePayments(JUNE)).toEqual(payments);
    expect(await lakeSettled()).toBe(book.settledNetCents);
  });
});

describe('a forecast restated in a later report, or given twice in one: one sale', () => {
  const forecast = (cents: number) => financial(3, 'A1', cents);
  it.each([
    ['restated as 99,00 the next day: the latest counts', [[10_000], [9_900]], 9_900],
    ['given twice in one report: once', [[10_000, 10_000]], 10_000],
  ])('%s, in the lake as in the book', async (_, statements, cents) => {
    const book = await storeReports(
      ...statements.map((amounts, i) =>
        report(`${i + 1}00`, `2025-03-0${i + 5}`, amounts.map(forecast), 'sales'),
      ),
    );
    expect(book.forecastNetCents).toBe(cents);
    expect(await lakeTotals('A1', MARCH)).toEqual({ records: 1, netCents: book.forecastNetCents });
    const audited = await (lake as LocalLake).runNamedQuery('fee_audit', MARCH);
    expect(audited).toEqual([expect.objectContaining({ records: 1, gross_cents: book.forecastNetCents })]);
  });
});
