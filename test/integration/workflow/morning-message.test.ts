/**
 * The deployed path's morning message, end to end on the local world: the real summarize step, with
 * the S3 client of the local world (s3rver) signing the report's link exactly as the Lambda does, and
 * the link fetched with a plain HTTP GET returns the report's HTML.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBrl } from '../../../lambdas/core/money';
import { textsFor } from '../../../lambdas/core/report/i18n';
import { summaryKeys } from '../../../lambdas/core/report/summarizer';
import type { RunSummary } from '../../../lambdas/core/report/types';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';

const PERIOD = { from: '2025-01-01', to: '2025-02-28', asOf: '2025-03-10', force: true };

describe('the morning message of a run', () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await startLocalWorld({
      // Production: sales and payments, so short, over, late and unforecast receivables all occur.
      mode: 'production',
      simulator: {
        dataset: { sales: 40, from: '2025-01-01', to: '2025-02-28', recordsPerPage: 25 },
        timing: { waitingMs: 20, processingMs: 40 },
      },
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('carries the figures, largest first, and a link that opens the report', async () => {
    const result = await world.run(PERIOD);
    expect(result.status).toBe('SUCCEEDED');
    expect(world.published).toHaveLength(1);
    const { message } = world.published[0] ?? { message: '' };
    const runId = (result.output as { run: { runId: string } }).run.runId;
    const stored = await world.s3.client.send(
      new GetObjectCommand({ Bucket: world.s3.bucket, Key: summaryKeys(runId).json }),
    );
    const summary = JSON.parse(await (stored.Body?.transformToString() ?? '')) as RunSummary;

    // What needs action, largest amount first, each with its count and money.
    const acting = summary.attention.filter((c) => c.count > 0).sort((a, b) => b.amountCents - a.amountCents);
    expect(acting.length).toBeGreaterThan(1);
    const positions = acting.map((c) => message.indexOf(formatBrl(c.amountCents, 'pt-BR')));
    expect(positions.every((p) => p > -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const url = message.split('\n').find((line) => line.startsWith('http://'));
    expect(url).toContain(`${world.s3.endpoint}/${world.s3.bucket}/summaries/`);
    const response = await fetch(url ?? '');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(formatBrl(acting[0]?.amountCents ?? 0, 'pt-BR'));
    expect(message).not.toContain(world.simulator.credentials.apiToken);

    // Each category's full list has its own link, signed the same way, with every item of it.
    const states = textsFor('pt-BR').states;
    for (const category of acting) {
      const line = message.split('\n').find((l) => l.startsWith(`${states[category.state]}: http://`));
      const list = await fetch(line?.slice(line.indexOf('http://')) ?? '');
      expect(list.status).toBe(200);
      const bytes = new Uint8Array(await list.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
      expect(rows).toHaveLength(category.count + 1);
    }
  });
});
