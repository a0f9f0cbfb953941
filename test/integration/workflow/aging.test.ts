/**
 * Aging through the real local pipeline (simulator with variance, synthesized state machine,
 * dynalite, s3rver): the receivables a first night stores OPEN are turned OVERDUE by a later night,
 * found through the due lists its aging gathers from the nights' touched logs (no index entry per
 * OPEN receivable), and the later night's summary lists the largest of them from the index.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { collect, scanPages } from '../../../lambdas/core/receivables/queries';
import { moneyOf } from '../../../lambdas/core/receivables/status';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import type { RunSummary } from '../../../lambdas/core/report/types';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';

const config = parseReconConfig({});
const SALES = { from: '2024-12-01', to: '2024-12-31' };

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function summaryOf(w: LocalWorld, output: unknown): Promise<RunSummary> {
  const { runId } = (output as { run: { runId: string } }).run;
  const object = await w.s3.client.send(
    new GetObjectCommand({ Bucket: w.s3.bucket, Key: `summaries/run=${runId}/summary.json` }),
  );
  return JSON.parse((await object.Body?.transformToString()) ?? '{}') as RunSummary;
}

describe('aging through the nightly due lists (production, variance)', () => {
  it('turns every OPEN receivable past grace OVERDUE on a later night and lists the largest', async () => {
    let now = new Date('2025-01-01T02:00:00-03:00');
    world = await startLocalWorld({
      mode: 'production',
      now: () => now,
      workflow: { pagesPerBatch: 2 },
      simulator: {
        variance: true,
        dataset: { sales: 60, ...SALES, recordsPerPage: 40 },
        timing: { waitingMs: 10, processingMs: 20 },
      },
    });
    const w = world;
    const deps = { ddb: w.dynamo.documentClient, tableName: w.dynamo.tableName };
    const first = await w.run(SALES);
    expect(first.status, JSON.stringify(first.error)).toBe('SUCCEEDED');
    const open = (await collect(scanPages(deps))).filter((r) => r.status === 'OPEN' && r.dueDate !== null);
    expect(open.length, 'installments due after the first night').toBeGreaterThan(0);

    // Every installment of December's sales is due and past grace by then; the night brings nothing new.
    now = new Date('2026-03-01T02:00:00-03:00');
    const later = await w.run({ from: '2026-02-28', to: '2026-02-28' });
    expect(later.status, JSON.stringify(later.error)).toBe('SUCCEEDED');
    const stored = await collect(scanPages(deps));
    const asOf = '2026-03-01';
    const overdue = stored.filter((r) => toReceivableView(r, asOf, config).status === 'OVERDUE');
    expect(stored.filter((r) => r.status === 'OPEN' && r.dueDate !== null)).toEqual([]);
    expect(overdue.every((r) => r.status === 'OVERDUE')).toBe(true);

    const summary = await summaryOf(w, later.output);
    expect(summary.aging.becameOverdue).toBe(open.length);
    const card = summary.attention.find((c) => c.state === 'OVERDUE');
    expect(card?.count).toBe(overdue.length);
    const atStake = overdue.map((r) => Math.abs(moneyOf(r).differenceCents)).sort((a, b) => b - a);
    const largest = card?.largest.map((item) => Math.abs(item.differenceCents)) ?? [];
    expect(largest.length).toBeGreaterThan(0);
    expect(largest).toEqual(atStake.slice(0, largest.length));
  }, 60_000);
});
