/**
 * The key of every item type, as each store writes it, stays byte for byte what the table's items
 * already hold (store/table.ts): moving the key builders into entities must not orphan a stored
 * item or change what a write costs.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { buildDueLists } from '../../../lambdas/core/aging/due-lists';
import { buildTotalsStore, TOTALS_SHARDS } from '../../../lambdas/core/book/book-store';
import { emptyIngestCounts } from '../../../lambdas/core/ingest/lake/counts';
import { rateBucket } from '../../../lambdas/core/rate-limit/bucket';
import { itemKey } from '../../../lambdas/core/receivables/item';
import { buildRequestDedupe } from '../../../lambdas/core/webhook/dedupe';
import { buildReportWaits } from '../../../lambdas/core/webhook/report-waits';
import type { Job } from '../../../lambdas/core/workflow/contracts';
import { buildBatchResultStore } from '../../../lambdas/core/workflow/download/batch-results';
import { buildPageFingerprints } from '../../../lambdas/core/workflow/download/page-fingerprints';
import { buildGenerationLease } from '../../../lambdas/core/workflow/provider-report/generation-lease';
import { buildKeptReports } from '../../../lambdas/core/workflow/provider-report/kept-reports';
import { buildRunGuard } from '../../../lambdas/core/workflow/run-guard';

type Input = { Key?: Record<string, unknown>; Item?: Record<string, unknown> };

/** Records every request; every write lands, the lease's renewal finds no lease of ours. */
function recordingTable() {
  const inputs: Input[] = [];
  const ddb = {
    send: async (command: { constructor: { name: string }; input: Input }) => {
      inputs.push(command.input);
      if (command.constructor.name === 'UpdateCommand' && command.input.Key?.pk === 'GENLEASE#production') {
        throw Object.assign(new Error('no lease'), { name: 'ConditionalCheckFailedException' });
      }
      return { Attributes: { taskToken: 'token' }, Items: [] };
    },
  };
  const keys = () => inputs.map(({ Key, Item }) => ({ pk: (Key ?? Item)?.pk, sk: (Key ?? Item)?.sk }));
  return { ddb: ddb as unknown as DynamoDBDocumentClient, inputs, keys };
}

const job: Job = { kind: 'financial', configurationId: 7, from: '2025-03-01', to: '2025-03-31' };
const now = () => new Date('2025-03-05T12:00:00Z');
const tableName = 't';

describe('every entity writes the key formats of store/table.ts', () => {
  it('receivable and rate bucket', () => {
    expect(itemKey('ACQ1|EC1|1')).toEqual({ pk: 'RCV#ACQ1|EC1|1', sk: 'RCV' });
    expect(rateBucket.key('account-1')).toEqual({ pk: 'RATE#account-1', sk: 'RATE' });
  });

  it('report wait, webhook delivery and book totals', async () => {
    const { ddb, keys } = recordingTable();
    await buildReportWaits({ ddb, tableName, now, sendTaskSuccess: async () => {} }).registerWait(
      'rep-1',
      'token',
    );
    await buildRequestDedupe({ ddb, tableName, now }).claim('req-1');
    await buildTotalsStore({ ddb, tableName, now }).begin('attempt-1');
    expect(keys()).toEqual([
      { pk: 'WAIT#rep-1', sk: 'WAIT' },
      { pk: 'IDEMPOTENCY', sk: 'webhook#req-1' },
      // The book totals' shards, each begun.
      ...Array.from({ length: TOTALS_SHARDS }, (_, shard) => ({
        pk: 'TOTALS',
        sk: `S${String(shard).padStart(2, '0')}`,
      })),
    ]);
  });

  it('run marker, generation lease, kept report, page print and batch result', async () => {
    const { ddb, keys, inputs } = recordingTable();
    await buildRunGuard({ ddb, tableName, now, leaseMinutes: 5 }).claim(
      { environment: 'production', from: job.from, to: job.to },
      'exec-1',
    );
    const lease = { ddb, tableName, environment: 'production', sleep: async () => {}, leaseMs: 1, waitMs: 0 };
    await buildGenerationLease({ ...lease, now: () => 0 }).acquire(7, 'holder');
    const kept = { reportId: 'rep-1', generatedOn: '2025-03-02', executionId: 'exec-1' };
    await buildKeptReports({ ddb, tableName, environment: 'production', now }).record(job, kept);
    const page = { reportId: 'rep-1', page: 2, records: [{ a: 1 }], pastLastPage: false, malformed: [] };
    await buildPageFingerprints({ ddb, tableName, now }).claim('rep-1', [page]);
    const result = {
      pages: 1,
      pastLastPage: false,
      counts: emptyIngestCounts(),
      providerRequests: 1,
      receivables: { changed: 0, unchanged: 0, conflicts: 0 },
    };
    await buildBatchResultStore({ ddb, tableName, now }).save('exec-1', job, 3, result);
    expect(keys()).toEqual([
      { pk: 'RUN#production#2025-03-01#2025-03-31', sk: 'RUN' },
      { pk: 'GENLEASE#production', sk: '7' },
      { pk: 'GENLEASE#production', sk: '7' },
      { pk: 'WINDOWS#production#7', sk: '2025-03-01#2025-03-31' },
      { pk: 'PAGEPRINT#rep-1', sk: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { pk: 'BATCHES#exec-1#7#2025-03-01#2025-03-31', sk: 'B#3' },
    ]);
    // The items themselves: the key, then exactly the attributes written before entities.
    expect(Object.keys(inputs[3]?.Item ?? {})).toEqual([
      'pk',
      'sk',
      'reportId',
      'generatedOn',
      'executionId',
      'recordedAt',
    ]);
    expect(Object.keys(inputs[5]?.Item ?? {})).toEqual(['pk', 'sk', 'result', 'expiresAt']);
  });

  it("aging's due lists and their gathering marker", async () => {
    const { ddb, keys } = recordingTable();
    const touched = {
      openByDueOf: async () => new Map([['2025-03-10', new Set(['k1', 'k2'])]]),
      datesBetween: async () => ['2025-03-05'],
    };
    await buildDueLists({ ddb, tableName, touched, retentionDays: 90 }).gather('2025-03-05', 3);
    expect(keys()).toEqual([
      { pk: 'DUE', sk: 'GATHERED' },
      { pk: 'DUE#2025-03-10', sk: '2025-03-05#0000' },
      { pk: 'DUE', sk: 'GATHERED' },
    ]);
  });
});
