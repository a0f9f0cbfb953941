/**
 * `recon deposits` in-process: the results the writer put in the data directory's s3rver, listed
 * in every format with the contract's columns, filtered by status and dates, in one stable order.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_COLUMNS } from '../../../cli/commands/deposits';
import { dataPaths, LOCAL_BUCKET } from '../../../cli/runner/data-dir';
import { writeDepositResults } from '../../../lambdas/core/deposits/results-lake';
import { startLocalS3 } from '../../../local/aws/s3';
import { ALL_RESULTS, DIFFERS } from '../../support/deposit-results';
import { cli } from './harness';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-deposits-cli-'));
  const paths = dataPaths(dataDir, 'sandbox');
  // A data directory as `recon run` leaves it (the listing refuses a directory without local state).
  await mkdir(paths.dynamodb, { recursive: true });
  const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
  try {
    await writeDepositResults(
      s3.client,
      s3.bucket,
      ALL_RESULTS,
      { from: '2025-03-01', to: '2025-03-31' },
      '2025-04-01',
    );
  } finally {
    await s3.close();
  }
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const deposits = (...args: string[]) => cli(['deposits', '--data-dir', dataDir, '--env', 'sandbox', ...args]);

describe('recon deposits', () => {
  it('--format jsonl: one line per result, the contract columns in order, date order', async () => {
    const { code, stdout, stderr } = await deposits('--format', 'jsonl');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(ALL_RESULTS.length);
    expect(Object.keys(lines[0] ?? {}).slice(0, 9)).toEqual([
      'status',
      'acquirer',
      'bankAccount',
      'paymentDate',
      'expectedCents',
      'creditDate',
      'creditCents',
      'differenceCents',
      'fitid',
    ]);
    expect(lines.map((l) => l.status)).toEqual([
      'NOT_DEPOSITED',
      'DEPOSITED',
      'DEPOSIT_DIFFERS',
      'UNEXPLAINED_CREDIT',
      'NOT_DEPOSITED',
      'AWAITING_DEPOSIT',
    ]);
    expect(lines).toContainEqual({ ...DIFFERS });
  });

  it('--format csv: a header of the columns, then one quoted-where-needed row per result', async () => {
    const { code, stdout } = await deposits('--format', 'csv');
    expect(code).toBe(0);
    const rows = stdout.trimEnd().split('\n');
    expect(rows[0]).toBe(DEPOSIT_COLUMNS.join(','));
    expect(rows).toHaveLength(ALL_RESULTS.length + 1);
    expect(rows).toContain(
      'DEPOSIT_DIFFERS,REDE,341/1234/56789,2025-03-03,50000,2025-03-03,48122,-1878,F2,,2025-03-05,CRED F2,341/1234/56789#F2,,,',
    );
  });

  it('--format table (the default): aligned columns, amounts right-aligned', async () => {
    const { code, stdout } = await deposits();
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trimEnd().split('\n');
    expect(header).toMatch(/^status\s+acquirer\s+bankAccount\s+paymentDate\s+expectedCents/);
    expect(rows).toHaveLength(ALL_RESULTS.length);
    const differs = rows.find((r) => r.startsWith('DEPOSIT_DIFFERS')) ?? '';
    expect(differs).toContain('-1878');
    expect(differs.indexOf('-1878') + '-1878'.length).toBe(
      (header ?? '').indexOf('differenceCents') + 'differenceCents'.length,
    );
  });

  it('filters by --status, --from and --to', async () => {
    const missing = await deposits('--status', 'NOT_DEPOSITED', '--format', 'jsonl');
    expect(
      missing.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).expectedCents),
    ).toEqual([4_500_01, 10_03]);
    const day = await deposits('--from', '2025-03-04', '--to', '2025-03-04', '--format', 'jsonl');
    expect(
      day.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).status),
    ).toEqual(['UNEXPLAINED_CREDIT', 'NOT_DEPOSITED', 'AWAITING_DEPOSIT']);
    const none = await deposits('--from', '2025-04-01', '--format', 'jsonl');
    expect(none).toMatchObject({ code: 0, stdout: '' });
  });

  it('refuses an unknown status or a bad date as a usage error', async () => {
    expect((await deposits('--status', 'PAID')).code).toBe(2);
    expect((await deposits('--from', '2025-02-30')).code).toBe(2);
  });
});
