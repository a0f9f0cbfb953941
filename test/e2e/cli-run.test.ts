import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../lambdas/core/report/types';
import { startSimulator } from '../../local/simulator';
import { cli } from '../unit/cli/harness';
import { runCliProcess } from './spawn-cli';
import { CONTRACT_FIELDS, comparable, groundTruthOf, tempDataDir } from './support';

describe('recon run --json with the built-in simulator, then recon receivables and recon totals', () => {
  it('prints only the JSON summary on stdout, defaults to the sandbox data range, and lists the ground truth', async () => {
    const dataDir = await tempDataDir();
    const launchedAt = Date.now();
    // The bare pipeline: the simulator's forecasts and payments, which its A1/D1 answer key covers.
    const run = await runCliProcess([
      'run',
      '--bare',
      '--json',
      '--data-dir',
      dataDir,
      '--sim-seed',
      '11',
      '--sim-sales',
      '15',
      '--sim-page-size',
      '200',
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as RunSummary;
    expect(summary).toMatchObject({
      environment: 'sandbox',
      from: '2025-01-01',
      to: '2025-03-31',
      // The morning after the simulator's data: the demo shows every state, not a sea of OVERDUE.
      asOf: '2025-04-01',
      outcome: 'SUCCEEDED',
    });
    // Only the business date is pinned: the start time and the run id are the wall clock's, so a
    // later run never sorts before an earlier one.
    expect(Date.parse(summary.startedAt)).toBeGreaterThanOrEqual(launchedAt);
    expect(Date.parse(summary.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(summary.runId).toContain(new Date(launchedAt).toISOString().slice(0, 10));
    const shown = Object.entries(summary.receivables.byStatus).filter(([, t]) => t.count > 0);
    expect(shown.map(([state]) => state)).toEqual(expect.arrayContaining(['OPEN', 'SETTLED']));
    const written = JSON.parse(
      await readFile(join(dataDir, 'sandbox', 'summaries', `run=${summary.runId}`, 'summary.json'), 'utf8'),
    );
    expect(written).toEqual(summary);
    expect(run.stderr).toContain('Recebíveis');
    // The summary table names the states and its headings as the report does, in its language.
    expect(run.stderr).toMatch(/^Liquidado\s+[\d.]+\s/m);
    expect(run.stderr).not.toMatch(/^SETTLED\s/m);

    // The default listing is the readable table; every field stays with --columns all.
    const table = await cli(['receivables', '--data-dir', dataDir]);
    expect(table.code).toBe(0);
    const [head, first] = table.stdout.split('\n');
    expect(head).toMatch(
      /^Adquirente\s+Estabelecimento\s+Venda\s+NSU\s+Parcela\s+Vencimento\s+Previsto\s+Recebido\s+Diferença\s+Situação$/,
    );
    expect(first).toMatch(/\d\d\/\d\d\/2025 .* R\$ [\d.]+,\d\d/);
    const all = await cli(['receivables', '--data-dir', dataDir, '--columns', 'all']);
    expect(all.stdout.split('\n')[0]).toMatch(
      /^acquirer\s+merchant\s+saleDate\s.*\sadvanceFeeDifferenceCents$/,
    );

    const listed = await cli(['receivables', '--data-dir', dataDir, '--format', 'jsonl']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const field of CONTRACT_FIELDS) expect(lines[0]).toHaveProperty(field);
    expect(lines.every((l) => typeof l.installment === 'number')).toBe(true);

    // The built-in simulator is deterministic from its seed: the same one answers for the truth.
    const twin = await startSimulator({ mode: 'sandbox', seed: 11, dataset: { sales: 15 } });
    try {
      expect(lines.map((l) => comparable(l as never))).toEqual(groundTruthOf(twin, summary));
    } finally {
      await twin.close();
    }

    // `recon totals` reads the book the summary showed from the kept totals; a recount (full Scan)
    // finds them equal.
    const book = {
      receivables: summary.receivables,
      agingBuckets: summary.aging.buckets,
      weekly: summary.weekly,
      attention: summary.attention,
      capped: summary.capped,
      lifecycle: summary.lifecycle,
      byAcquirer: summary.byAcquirer,
    };
    const kept = await cli(['totals', '--data-dir', dataDir, '--as-of', summary.asOf]);
    expect(kept.code, kept.stderr).toBe(0);
    expect(JSON.parse(kept.stdout)).toEqual({ asOf: summary.asOf, book });
    const recounted = await cli(['totals', '--recount', '--data-dir', dataDir, '--as-of', summary.asOf]);
    expect(recounted.code, recounted.stderr).toBe(0);
    expect(JSON.parse(recounted.stdout)).toEqual({ asOf: summary.asOf, keptEqualsRecount: true, book });
  });
});
