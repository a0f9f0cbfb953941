/**
 * The summarize step only reads the bank leg: the matchDeposits step takes the statements in and
 * stores the results, and the summary's deposits section is those stored results, the same bytes as
 * the section built from the match itself. Whatever waits in the inbox stays there for the next
 * match; nothing of the bank's in the table or the bucket changes.
 */
import { readFileSync } from 'node:fs';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { actionListKey } from '../../../lambdas/core/action-list/store';
import { manifestKey } from '../../../lambdas/core/baixas/manifest';
import { baixasKey } from '../../../lambdas/core/baixas/store';
import { breaksSnapshotKey } from '../../../lambdas/core/breaks/snapshot-lake';
import { parseReconConfig } from '../../../lambdas/core/config';
import { BANK_INBOX_PREFIX } from '../../../lambdas/core/deposits/bank/lake-file';
import { depositRange } from '../../../lambdas/core/deposits/range';
import { readDepositResults, writeDepositResults } from '../../../lambdas/core/deposits/results-lake';
import { buildDepositsSection } from '../../../lambdas/core/deposits/section-model';
import { buildDepositsSectionReader } from '../../../lambdas/core/deposits/section-reader';
import { LATEST_REPORT_KEY } from '../../../lambdas/core/latest-report';
import { summaryFileKey, summaryKeys } from '../../../lambdas/core/report/summarizer';
import type { RunSummary } from '../../../lambdas/core/report/types';
import { parseWorkflowConfig } from '../../../lambdas/core/workflow/config';
import type { SummaryInput } from '../../../lambdas/core/workflow/contracts';
import { buildDepositMatchDeps } from '../../../lambdas/runtime/deps/deposits';
import { buildSummaryDeps } from '../../../lambdas/runtime/deps/summary';
import { ALL_RESULTS } from '../../support/deposit-results';
import { localStoresPerFile } from '../../support/recon-dynamo';

const stores = localStoresPerFile();
const PERIOD = { from: '2025-03-01', to: '2025-03-09' } as const;
const AS_OF = '2025-03-10';
const reconConfig = parseReconConfig({});
const now = () => new Date('2025-03-10T06:00:00Z');
const golden = (name: string) => readFileSync(new URL(`../../golden/bank/${name}`, import.meta.url));

let buckets = 0;
async function freshBucket(): Promise<string> {
  buckets += 1;
  const bucket = `summarize-reads-${process.pid}-${buckets}`;
  await stores.s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

const wiring = (bucket: string) => ({
  ddb: stores.dynamo.documentClient,
  tableName: stores.dynamo.tableName,
  s3: stores.s3.client,
  bucket,
  reconConfig,
  now,
});

const summarizeIn = (bucket: string) =>
  buildSummaryDeps({
    ...wiring(bucket),
    workflowConfig: parseWorkflowConfig({ environment: 'sandbox' }),
    publish: async () => undefined,
    reportLink: async (key) => ({ kind: 'file', path: key }),
  });

const input = (runId: string): SummaryInput => ({
  runId,
  environment: 'sandbox',
  ...PERIOD,
  asOf: AS_OF,
  startedAt: now().toISOString(),
  jobs: [],
  aging: { becameOverdue: 0 },
});

const put = (bucket: string, Key: string, Body: Uint8Array) =>
  stores.s3.client.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));

/** Every object of the bucket with its ETag: a rewrite with other bytes shows as another ETag. */
async function objects(bucket: string): Promise<Map<string, string>> {
  const listed = await stores.s3.client.send(new ListObjectsCommand({ Bucket: bucket }));
  return new Map((listed.Contents ?? []).map((o) => [o.Key as string, o.ETag as string]));
}

/**
 * Every item of the table but the book's kept totals, which the book reader tidies on each summary
 * (book/reader.ts): that write is the book's, not the bank leg's.
 */
async function itemsButKeptTotals(): Promise<unknown[]> {
  const scanned = await stores.dynamo.documentClient.send(
    new ScanCommand({ TableName: stores.dynamo.tableName }),
  );
  return (scanned.Items ?? [])
    .filter((item) => item.sk !== 'TOTALS')
    .sort((a, b) => `${a.pk}|${a.sk}`.localeCompare(`${b.pk}|${b.sk}`));
}

async function storedSummary(bucket: string, runId: string): Promise<Partial<RunSummary>> {
  const object = await stores.s3.client.send(
    new GetObjectCommand({ Bucket: bucket, Key: summaryKeys(runId).json }),
  );
  return JSON.parse((await object.Body?.transformToString()) ?? '{}');
}

describe('the summarize step and the bank leg', () => {
  it('reads the results the match stored and writes nothing but its summary, the breaks snapshot, the action list and its ERP write-offs, account lines and manifest', async () => {
    const bucket = await freshBucket();
    await put(bucket, `${BANK_INBOX_PREFIX}itau.ofx`, golden('itau-sgml-1252.ofx'));
    const night = await buildDepositMatchDeps(wiring(bucket))({ from: PERIOD.from, asOf: AS_OF });
    expect(night.state).toBe('ON');
    expect(night.results.length).toBeGreaterThan(0);
    // Dropped after the match: it waits for the next one, whatever the summary does.
    await put(bucket, `${BANK_INBOX_PREFIX}next.ofx`, golden('itau-overlap.ofx'));
    const objectsBefore = await objects(bucket);
    const itemsBefore = await itemsButKeptTotals();

    await summarizeIn(bucket)(input('reads-only'));

    const objectsAfter = await objects(bucket);
    const added = [...objectsAfter.keys()].filter((key) => !objectsBefore.has(key));
    // Its summary and the full lists it names, the night's breaks in the lake (none here: empty), the
    // action list kept for the next night, the ERP export's write-offs and account lines of the night
    // (none: empty) and its manifest.
    const lists = Object.values((await storedSummary(bucket, 'reads-only')).fullLists ?? {});
    const written = [
      ...Object.values(summaryKeys('reads-only')),
      ...lists.map((file) => summaryFileKey('reads-only', file)),
      LATEST_REPORT_KEY,
      breaksSnapshotKey(AS_OF),
      actionListKey(AS_OF),
      baixasKey(AS_OF, 'write-offs'),
      baixasKey(AS_OF, 'account-items'),
      manifestKey(AS_OF),
    ];
    expect(added.sort()).toEqual(written.sort());
    for (const [key, etag] of objectsBefore) expect(objectsAfter.get(key), key).toBe(etag);
    expect(await itemsButKeptTotals()).toEqual(itemsBefore);
    // The section the summary built from the night's match itself before the match had a step of its own.
    const fromTheMatch = buildDepositsSection({
      statementsImported: true,
      from: night.from,
      to: night.to,
      results: night.results,
    });
    const summary = await storedSummary(bucket, 'reads-only');
    expect(JSON.stringify(summary.deposits)).toBe(JSON.stringify(fromTheMatch));
  }, 60_000);

  it('says the bank leg is off when no statement was ever taken in', async () => {
    const bucket = await freshBucket();
    await summarizeIn(bucket)(input('no-statements'));
    expect((await storedSummary(bucket, 'no-statements')).deposits).toEqual({ state: 'OFF' });
  }, 60_000);

  it('builds the same bytes from the stored results as from the results in memory, in any order', async () => {
    const bucket = await freshBucket();
    const query = { from: '2025-03-01', to: '2025-03-31', asOf: '2025-03-31' } as const;
    const range = depositRange(query, query.asOf, reconConfig.deposits);
    await writeDepositResults(stores.s3.client, bucket, [...ALL_RESULTS].reverse(), range, query.asOf);
    const read = buildDepositsSectionReader({
      config: reconConfig,
      anyStatement: async () => true,
      readResults: (dates) => readDepositResults(stores.s3.client, bucket, dates),
    });
    const inMemory = buildDepositsSection({ statementsImported: true, ...range, results: ALL_RESULTS });
    expect(JSON.stringify(await read(query))).toBe(JSON.stringify(inMemory));
  }, 60_000);
});
