/**
 * The lake's money queries count a record as the book (DynamoDB) counts it: a copy served on both
 * sides of a page seam is one record, as `receivables/occurrences.ts` decides; a record stored again
 * after the roles changed counts with the role of its latest ingestion; a chargeback and its reversal
 * of one identity are two records, each with its role (`receivables/reclassify.ts`).
 */
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { buildPageIngestor } from '../../../lambdas/core/ingest/lake/ingest';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import type { Page, RawRecord } from '../../../lambdas/core/provider/port';
import { countPages, mergeOccurrences } from '../../../lambdas/core/receivables/occurrences';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { config, financial, JUNE, lakePerTest, normalized, putRecords, source } from './stored-records';

const fee = financial(0, 'G1', 8_990, { SINAL: 'D' });
const chargeback = financial(1, 'E1', 10_000, { TIPOLANCAMENTO: '08', SINAL: 'D' });
/** The chargeback's reversal on its own day: the same identity (the rule column is not part of it). */
const reversal = { ...chargeback, TIPOLANCAMENTO: '09', SINAL: 'C' };
const oneChargeback = [expect.objectContaining({ chargebacks: 1, chargeback_cents: 10_000 })];
const pairTotals = { chargebacks: 1, chargeback_cents: 10_000, reversals: 1, reversed_cents: 10_000 };
const payment = (i: number) => financial(i + 2, 'D1', 1_000 + i);

const pageOf = (reportId: string, page: number, records: RawRecord[]): Page => ({
  reportId,
  page,
  records,
  malformed: [],
  pastLastPage: false,
});

const { startS3, s3, openLake } = lakePerTest();
const put = (records: readonly CanonicalRecord[], roles: typeof config, ingestedAt: string) =>
  putRecords(s3(), records, roles, ingestedAt);

/** Starts the lake's S3 and ingests one report of these pages (one download batch), as the workflow does. */
async function ingestReport(reportId: string, pages: readonly RawRecord[][]): Promise<CanonicalRecord[]> {
  const store = await startS3();
  const ingest = buildPageIngestor({ s3: store.client, bucket: store.bucket, config });
  const sourced = pages.map((records, i) => ({
    page: pageOf(reportId, i + 1, records),
    source: source(reportId, i + 1),
  }));
  return (await ingest.ingestPages(sourced)).records;
}

/** The book's count of a code's record among the ingested ones: `occurrences.ts`, as the matcher merges them. */
function bookCopies(records: readonly CanonicalRecord[], code: string): number {
  const hash = records.find((r) => r.recordType === code)?.recordHash;
  return mergeOccurrences(undefined, countPages(records.filter((r) => r.recordHash === hash))).copies;
}

describe('a page seam (no line sequence): the lake counts the repeat once, as the book does', () => {
  it('a fee and a chargeback on the last line of page 1 and the first of page 2', async () => {
    const records = await ingestReport('500', [
      [payment(0), payment(1), fee, chargeback],
      [chargeback, payment(2), payment(3), fee],
      [fee, payment(4)],
    ]);
    // The book: the chargeback straddles the seam 1→2, once; the fee straddles 2→3 and also sits
    // mid-page 1, a real twin: twice.
    expect([bookCopies(records, 'E1'), bookCopies(records, 'G1')]).toEqual([1, 2]);

    const local = await openLake();
    const [chargebacks] = await local.runNamedQuery('chargebacks_by_month', JUNE);
    expect(chargebacks).toMatchObject({ chargebacks: 1, chargeback_cents: 10_000 });
    const [fees] = await local.runNamedQuery('fees_and_debits_by_month', JUNE);
    expect(fees).toMatchObject({ fees: 2, fee_cents: 2 * 8_990 });
  });

  it('one fee served at the seam, its page length known: 1 fee of 89,90, not 2 of 179,80', async () => {
    const records = await ingestReport('501', [
      [payment(0), fee],
      [fee, payment(1)],
    ]);
    expect(bookCopies(records, 'G1')).toBe(1);
    const [fees] = await (await openLake()).runNamedQuery('fees_and_debits_by_month', JUNE);
    expect(fees).toMatchObject({ fees: 1, fee_cents: 8_990, total_debit_cents: 8_990 });
  });
});

describe('a chargeback and its reversal of one identity: two readings, two records', () => {
  it('on both sides of a seam they are no seam copy: 1 chargeback and 1 reversal', async () => {
    const records = await ingestReport('503', [
      [payment(0), chargeback],
      [reversal, payment(1)],
    ]);
    expect(new Set(records.filter((r) => r.recordType === 'E1').map((r) => r.recordHash)).size).toBe(1);
    const rows = await (await openLake()).runNamedQuery('chargebacks_by_month', JUNE);
    expect(rows).toEqual([expect.objectContaining({ ...pairTotals, net_charged_back_cents: 0 })]);
  });

  it('stored unclassified, then re-run with the rules: each takes its own role', async () => {
    await startS3();
    for (const [reportId, roles, day] of [
      ['100', parseReconConfig({ recordSign: SIMULATOR_RECORD_SIGN }), '2025-06-20'],
      ['200', config, '2025-06-21'],
    ] as const) {
      const origin = { ...source(reportId, 1, day), lines: 2 };
      const pair = [normalized(chargeback, origin, 0), normalized(reversal, origin, 1)];
      await put(pair, roles, `${day}T08:00:00Z`);
    }
    const rows = await (await openLake()).runNamedQuery('chargebacks_by_month', JUNE);
    expect(rows).toEqual([expect.objectContaining(pairTotals)]);
  });
});

describe('a record stored while its identity still held the role (`formerHash`)', () => {
  it('and stored again under the current identity: one record, as the book replaces it', async () => {
    await startS3();
    const current = normalized(chargeback, { ...source('200', 1, '2025-06-21'), lines: 1 }, 0);
    const { formerHash, ...unnamed } = normalized(chargeback, { ...source('100', 1), lines: 1 }, 0);
    expect(formerHash).toBeDefined();
    await put([{ ...unnamed, recordHash: formerHash as string }], config, '2025-06-20T08:00:00Z');
    await put([current], config, '2025-06-21T08:00:00Z');
    const rows = await (await openLake()).runNamedQuery('chargebacks_by_month', JUNE);
    expect(rows).toEqual(oneChargeback);
  });
});

describe('a page whose length was not recorded (a file from before `page_lines`)', () => {
  it('has no seam in the book nor in the lake: the two places count twice', async () => {
    await startS3();
    const records = [
      normalized(payment(0), source('502', 1), 0),
      normalized(fee, source('502', 1), 1),
      normalized(fee, source('502', 2), 0),
    ];
    expect(bookCopies(records, 'G1')).toBe(2);
    await put(records, config, '2025-06-20T08:00:00Z');
    const [fees] = await (await openLake()).runNamedQuery('fees_and_debits_by_month', JUNE);
    expect(fees).toMatchObject({ fees: 2, fee_cents: 2 * 8_990 });
  });
});

describe('a record stored again after the roles changed: its latest ingestion’s role counts', () => {
  const withoutChargebacks = parseReconConfig({
    recordRoles: { ...SIMULATOR_RECORD_ROLES, E1: 'IGNORE' },
    recordSign: SIMULATOR_RECORD_SIGN,
  });
  const unclassified = parseReconConfig({ recordSign: SIMULATOR_RECORD_SIGN });

  /** Report and generation day of the first copy, then of the copy stored a day later. */
  const reRun = [
    ['100', '2025-06-20'],
    ['200', '2025-06-21'],
  ] as const;
  const olderReportAgain = [
    ['200', '2025-06-21'],
    ['100', '2025-06-20'],
  ] as const;

  it.each([
    [
      'stored with no role (no E1 rule), re-run with the chargeback rule: 1 of 100,00',
      unclassified,
      config,
      reRun,
      oneChargeback,
    ],
    [
      'stored with another role (E1 ignored), re-run with the rule: 1 of 100,00',
      withoutChargebacks,
      config,
      reRun,
      oneChargeback,
    ],
    [
      'the latest ingestion decides, not the report: the older report stored again',
      unclassified,
      config,
      olderReportAgain,
      oneChargeback,
    ],
    [
      'the reverse: a rule removed and the period re-run, no chargeback any more',
      config,
      withoutChargebacks,
      reRun,
      [],
    ],
  ])('%s', async (_, before, after, reports, expected) => {
    await startS3();
    for (const [i, roles] of [before, after].entries()) {
      const [reportId, generatedOn] = reports[i] as readonly [string, string];
      const origin = { ...source(reportId, 1, generatedOn), lines: 1 };
      await put([normalized(chargeback, origin, 0)], roles, `2025-06-2${i + 1}T08:00:00Z`);
    }
    expect(await (await openLake()).runNamedQuery('chargebacks_by_month', JUNE)).toEqual(expected);
  });
});
