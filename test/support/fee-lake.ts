/** A local lake of sales records and a contracted-rate CSV, for the `fee_audit` query tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { parseReconConfig } from '../../lambdas/core/config';
import { contractRateFor } from '../../lambdas/core/fee-audit/lookup';
import { contractFeeCents } from '../../lambdas/core/fee-audit/money';
import { describeRateErrors, parseContractRates } from '../../lambdas/core/fee-audit/rates';
import { storeContractRates } from '../../lambdas/core/fee-audit/source';
import { movementMonthOf, recordsObjectKey } from '../../lambdas/core/ingest/lake/keys';
import { encodeRecordsParquet, movementDate } from '../../lambdas/core/ingest/lake/records-file';
import type { CanonicalRecord } from '../../lambdas/core/ingest/records/canonical';
import { startLocalS3 } from '../../local/aws/s3';
import { openLocalLake } from '../../local/lake/duckdb';

/** The lake of one test: local S3 with the given records (Parquet, per movement month) and rate CSV. */
export async function lakeWith(records: readonly CanonicalRecord[], ratesCsv: string | null) {
  const s3 = await startLocalS3();
  const workDir = await mkdtemp(join(tmpdir(), 'recon-fee-audit-'));
  const monthOf = (record: CanonicalRecord) => movementMonthOf(movementDate(record));
  for (const month of new Set(records.map(monthOf))) {
    const dated = records.filter((r) => monthOf(r) === month);
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: recordsObjectKey((dated[0] as CanonicalRecord).source, month),
        Body: encodeRecordsParquet(dated, plainConfig, new Date()),
      }),
    );
  }
  if (ratesCsv !== null) await storeContractRates({ s3: s3.client, bucket: s3.bucket }, ratesCsv);
  const lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
  return {
    lake,
    async close() {
      lake.close();
      await s3.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export const plainConfig = parseReconConfig({});

/** What the TypeScript audit (lookup.ts, money.ts) gives per acquirer and brand: the query must agree. */
export function auditedByPair(records: readonly CanonicalRecord[], ratesCsv: string) {
  const parsed = parseContractRates(ratesCsv, plainConfig);
  if (!parsed.ok) throw new Error(describeRateErrors(parsed.errors));
  const pairs = new Map<string, { contract: number; difference: number; above: number; without: number }>();
  for (const r of records) {
    const pair = pairs.get(`${r.acquirer}|${r.brand}`) ?? {
      contract: 0,
      difference: 0,
      above: 0,
      without: 0,
    };
    const rate = contractRateFor(parsed.rates, r);
    if (rate === undefined) pair.without += 1;
    else {
      // Magnitudes, as audit.ts compares them: a fee written as a debit is the same fee.
      const charged = Math.abs(r.feeCents as number);
      const contract = contractFeeCents(Math.abs(r.grossCents as number), rate.mdrMicro);
      pair.contract += contract;
      pair.difference += charged - contract;
      if (charged > contract) pair.above += 1;
    }
    pairs.set(`${r.acquirer}|${r.brand}`, pair);
  }
  return Object.fromEntries(pairs);
}

export const queried = (rows: readonly Record<string, unknown>[]) =>
  Object.fromEntries(
    rows.map((r) => [
      `${r.acquirer}|${r.brand}`,
      {
        contract: Number(r.contract_fee_cents ?? 0),
        difference: Number(r.fee_difference_cents ?? 0),
        above: Number(r.above_contract),
        without: Number(r.without_rate),
      },
    ]),
  );
