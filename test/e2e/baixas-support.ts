/**
 * The ERP export as the e2e runs check it: `recon export baixas` in JSON Lines, and its lines summed
 * per sale and per deposit, to compare with what the receivables' listing and the deposit results say.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { dataPaths, LOCAL_BUCKET } from '../../cli/runner/data-dir';
import { type BaixasManifest, manifestKey } from '../../lambdas/core/baixas/manifest';
import { readText } from '../../lambdas/core/baixas/store';
import { depositIdentity } from '../../lambdas/core/deposits/result-identity';
import { readDepositResults } from '../../lambdas/core/deposits/results-lake';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { startLocalS3 } from '../../local/aws/s3';
import { cli } from '../unit/cli/harness';

/** A sale's identity, as both the lines and the receivables' listing carry it. */
interface Sale {
  readonly acquirer: string | null;
  readonly merchant: string | null;
  readonly saleDate: string | null;
  readonly nsu: string | null;
  readonly authorization: string | null;
  readonly installment: number | null;
}
const saleOf = (s: Sale) =>
  [s.acquirer, s.merchant, s.saleDate, s.nsu, s.authorization, s.installment].join('|');

type Line = Sale & { night: string; component: string; amountCents: number; depositKey: string | null };

/** `recon export baixas` in JSON Lines: the lines and the cursor it printed. */
export async function exportedBaixas(dataDir: string, args: readonly string[]) {
  const out = await cli(['export', 'baixas', '--data-dir', dataDir, '--format', 'jsonl', ...args]);
  expect(out.code).toBe(0);
  const lines = out.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);
  return { lines, cursor: out.stderr.match(/cursor: (\S+)/)?.[1] ?? '' };
}

const nonZero = (sums: Record<string, number>) =>
  Object.fromEntries(Object.entries(sums).filter(([, cents]) => cents !== 0));

/** The account lines summed per acquirer and component (`ACQUIRER ACCOUNT_FEE`). */
export function accountPerAcquirer(lines: readonly Line[]) {
  const sums: Record<string, number> = {};
  for (const line of lines.filter((l) => l.component.startsWith('ACCOUNT_'))) {
    const key = `${line.acquirer} ${line.component}`;
    sums[key] = (sums[key] ?? 0) + line.amountCents;
  }
  return nonZero(sums);
}

/** The fees section's dated items summed the same way: what the account lines must post. */
export function accountPerAcquirerOf(
  items: readonly { acquirer: string; date: string; role: string; amountCents: number }[],
) {
  const sums: Record<string, number> = {};
  for (const item of items.filter((i) => i.date !== '')) {
    const key = `${item.acquirer} ACCOUNT_${item.role}`;
    sums[key] = (sums[key] ?? 0) + item.amountCents;
  }
  return nonZero(sums);
}

/** What was received per sale (payments and advances), summed over the lines. */
export function paidPerSale(lines: readonly Line[]) {
  const sums: Record<string, number> = {};
  for (const line of lines.filter((l) => l.component === 'PAYMENT' || l.component === 'ADVANCE')) {
    sums[saleOf(line)] = (sums[saleOf(line)] ?? 0) + line.amountCents;
  }
  return nonZero(sums);
}

/** The same from the receivables' listing. */
export const settledPerSale = (views: readonly (Sale & { settledNetCents: number })[]) =>
  Object.fromEntries(views.filter((v) => v.settledNetCents !== 0).map((v) => [saleOf(v), v.settledNetCents]));

/** What the bank confirmed per deposit, summed over the DEPOSIT lines. */
export function depositedPerDeposit(lines: readonly Line[]) {
  const sums: Record<string, number> = {};
  for (const line of lines.filter((l) => l.component === 'DEPOSIT')) {
    const key = line.depositKey ?? '';
    sums[key] = (sums[key] ?? 0) + line.amountCents;
  }
  return nonZero(sums);
}

/** Reads the data directory's lake (its s3rver) with `read`. */
async function inLake<T>(
  dataDir: string,
  environment: ProviderEnvironment,
  read: (deps: { s3: S3Client; bucket: string }) => Promise<T>,
): Promise<T> {
  const s3 = await startLocalS3({ directory: dataPaths(dataDir, environment).s3, bucket: LOCAL_BUCKET });
  try {
    return await read({ s3: s3.client, bucket: s3.bucket });
  } finally {
    await s3.close();
  }
}

/** The same from the deposit results the data directory's lake holds: each confirmed credit. */
export const confirmedPerDeposit = (dataDir: string, environment: ProviderEnvironment) =>
  inLake(dataDir, environment, async ({ s3, bucket }) =>
    Object.fromEntries(
      (await readDepositResults(s3, bucket))
        .filter((r) => (r.status === 'DEPOSITED' || r.status === 'DEPOSIT_DIFFERS') && r.creditCents)
        .map((r) => [depositIdentity(r), r.creditCents as number]),
    ),
  );

/** A night's manifest of the ERP export, as the data directory's lake holds it. */
export const manifestOf = (dataDir: string, environment: ProviderEnvironment, night: string) =>
  inLake(dataDir, environment, async (deps) => {
    const text = await readText(deps, manifestKey(night));
    return text === undefined ? undefined : (JSON.parse(text) as BaixasManifest);
  });
