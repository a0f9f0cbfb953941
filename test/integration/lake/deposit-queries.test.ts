/**
 * The bank leg's named queries on DuckDB, over deposit results written by the writer the match uses
 * (s3rver, mirrored as `recon query` mirrors it): the two legs side by side, and what to act on,
 * largest first, to the centavo.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDepositResults } from '../../../lambdas/core/deposits/results-lake';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';
import { ALL_RESULTS, DEPOSITED } from '../../support/deposit-results';

/** A deposit of April whose credit the bank reversed (estorno) two days later. */
const REVERSED = {
  ...DEPOSITED,
  status: 'DEPOSIT_REVERSED' as const,
  paymentDate: '2025-04-01',
  creditDate: '2025-04-01',
  windowEnds: '2025-04-03',
  differenceCents: -1_234_56,
  reversalDate: '2025-04-03',
  reversalCents: -1_234_56,
  reversalIdentity: 'debit-1',
};

let s3: LocalS3;
let workDir: string;
let lake: LocalLake;

beforeAll(async () => {
  s3 = await startLocalS3();
  workDir = await mkdtemp(join(tmpdir(), 'recon-deposit-queries-'));
  await writeDepositResults(
    s3.client,
    s3.bucket,
    ALL_RESULTS,
    { from: '2025-03-01', to: '2025-03-31' },
    '2025-04-01',
  );
  await writeDepositResults(
    s3.client,
    s3.bucket,
    [REVERSED],
    { from: '2025-04-01', to: '2025-04-30' },
    '2025-05-01',
  );
  lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
});

afterAll(async () => {
  lake?.close();
  await s3?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('deposit named queries on DuckDB', () => {
  it('mirrors one object per result date', () => {
    expect(lake.mirrored.recon_deposit_results).toBe(3);
  });

  it('deposits_two_legs: expected and credited side by side per acquirer, account and day', async () => {
    const rows = await lake.runNamedQuery('deposits_two_legs', { from: '2025-03-01', to: '2025-03-31' });
    const pick = (r: Record<string, unknown>) => [
      r.deposit_day,
      r.acquirer,
      r.bank_account,
      r.status,
      r.expected_cents,
      r.credit_date,
      r.credit_cents,
      r.difference_cents,
    ];
    expect(rows.map(pick)).toEqual([
      ['2025-03-03', 'CIELO', '237/100/2000', 'NOT_DEPOSITED', 4_500_01, null, null, null],
      ['2025-03-03', 'CIELO', '341/1234/56789', 'DEPOSITED', 1_234_56, '2025-03-04', 1_234_56, 0],
      ['2025-03-03', 'REDE', '341/1234/56789', 'DEPOSIT_DIFFERS', 500_00, '2025-03-03', 481_22, -18_78],
      ['2025-03-04', 'REDE', '341/1234/56789', 'NOT_DEPOSITED', 10_03, null, null, null],
      ['2025-03-04', 'STONE', '341/1234/56789', 'AWAITING_DEPOSIT', 77_77, null, null, null],
      // An unexplained credit (no acquirer) on its credit day, last of its day (nulls sort last in both engines).
      ['2025-03-04', null, '341/1234/56789', 'UNEXPLAINED_CREDIT', null, '2025-03-04', 250_50, null],
    ]);
    const narrow = await lake.runNamedQuery('deposits_two_legs', { from: '2025-03-04', to: '2025-03-04' });
    expect(narrow).toHaveLength(3);
  });

  it('missing_deposits: what did not arrive and what differs, largest first', async () => {
    const rows = await lake.runNamedQuery('missing_deposits', { from: '2025-03-01', to: '2025-03-31' });
    expect(
      rows.map((r) => [r.status, r.acquirer, r.payment_date, r.at_stake_cents, r.difference_cents]),
    ).toEqual([
      ['NOT_DEPOSITED', 'CIELO', '2025-03-03', 4_500_01, null],
      ['DEPOSIT_DIFFERS', 'REDE', '2025-03-03', 18_78, -18_78],
      ['NOT_DEPOSITED', 'REDE', '2025-03-04', 10_03, null],
    ]);
  });

  it('missing_deposits: a deposit the bank reversed is to act on, the whole deposit, with its reversal', async () => {
    const rows = await lake.runNamedQuery('missing_deposits', { from: '2025-04-01', to: '2025-04-30' });
    expect(
      rows.map((r) => [r.status, r.payment_date, r.at_stake_cents, r.reversal_date, r.reversal_cents]),
    ).toEqual([['DEPOSIT_REVERSED', '2025-04-01', 1_234_56, '2025-04-03', -1_234_56]]);
  });
});
