import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../lambdas/core/money';
import { textsFor } from '../../lambdas/core/report/i18n';
import { cli } from '../unit/cli/harness';
import { exportedBaixas, paidPerSale, settledPerSale } from './baixas-support';
import { groundTruthOf, PERIOD, receivablesOf, runAgainst, simulatorPerTest, tempDataDir } from './support';

const startTestSimulator = simulatorPerTest();
const t = textsFor('pt-BR');

describe('recon run, locally, end to end', () => {
  it('sandbox: receivables equal the ground truth, and running the same period again changes nothing', async () => {
    const simulator = await startTestSimulator('sandbox');
    const dataDir = await tempDataDir();
    const first = await runAgainst(simulator, { env: 'sandbox', dataDir, webhook: 'off' });
    expect(first.summary.outcome).toBe('SUCCEEDED');
    const expected = groundTruthOf(simulator, first.summary);
    expect(expected.length).toBeGreaterThan(50);
    expect(new Set(expected.map((r) => r.status)).size).toBeGreaterThan(3);
    const afterFirst = await receivablesOf(dataDir, first.summary);
    expect(afterFirst).toEqual(expected);
    const counts = simulator.expectedRecordCounts(PERIOD);
    expect(first.summary.records.byCode).toEqual(counts.byCode);
    expect(first.summary.records.quarantined).toBe(counts.malformed);
    // The notification the run would send: its figures, largest first, and the local report to open.
    const { message } = first.notification;
    const acting = first.summary.attention
      .filter((c) => c.count > 0)
      .sort((a, b) => b.amountCents - a.amountCents);
    expect(acting.length).toBeGreaterThan(0);
    const positions = acting.map((c) =>
      message.indexOf(
        `${t.states[c.state]}: ${t.receivables(c.count)}, ${formatBrl(c.amountCents, 'pt-BR')}`,
      ),
    );
    expect(positions.every((p) => p > -1)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const lines = message.split('\n');
    const reportAt = lines.indexOf('Relatório completo (arquivo local):');
    expect(reportAt).toBeGreaterThan(-1);
    expect(lines[reportAt + 1]).toBe(first.files.html);
    // Then the full lists, each a file beside the local report.
    expect(lines[reportAt + 2]).toBe('Listas completas (CSV, para o Excel):');
    for (const c of acting) {
      const path = join(dirname(first.files.html), first.summary.fullLists?.[c.state] ?? '');
      expect(lines).toContain(`${t.states[c.state]}: ${path}`);
      expect((await readFile(path, 'utf8')).trimEnd().split('\r\n')).toHaveLength(c.count + 1);
    }
    expect(await readFile(first.files.notification, 'utf8')).toBe(`${message}\n`);

    const baixas = await exportedBaixas(dataDir, []);
    expect(baixas.lines.length).toBeGreaterThan(0);
    expect(paidPerSale(baixas.lines)).toEqual(settledPerSale(afterFirst));
    // The night's lines in the ERP's layout, beside the report, linked from the message as the lists are.
    const tonight = baixas.lines.filter((line) => line.night === first.summary.asOf);
    const csvPath = join(dirname(first.files.html), 'baixas.csv');
    expect(lines).toContain(`${t.message.baixasFile(tonight.length)}: ${csvPath}`);
    const csv = await readFile(csvPath, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(tonight.length + 1);

    const second = await runAgainst(simulator, { env: 'sandbox', dataDir, webhook: 'off' });
    // The ERP export, exactly once: nothing new after the cursor, the same lines again when asked again.
    expect((await exportedBaixas(dataDir, ['--cursor', baixas.cursor])).lines).toEqual([]);
    const again = await exportedBaixas(dataDir, ['--since', '2000-01-01']);
    expect(again.lines).toEqual(baixas.lines.map((line) => ({ ...line, reexport: true })));
    expect(second.summary.outcome).toBe('SUCCEEDED');
    expect(await receivablesOf(dataDir, second.summary)).toEqual(afterFirst);
    expect(second.summary.receivables).toEqual(first.summary.receivables);
    expect(second.summary.records.byCode).toEqual(counts.byCode);
    const changed = second.summary.jobs.map((j) => j.received);
    expect(changed.reduce((a, b) => a + b, 0)).toBe(counts.total);

    // The Athena named query over the local snapshot agrees with the summary.
    const query = await cli(['query', 'receivables_by_state', '--data-dir', dataDir, '--format', 'jsonl']);
    expect(query.code).toBe(0);
    const byState = Object.fromEntries(
      query.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { status: string; receivables: number })
        .map((row) => [row.status, Number(row.receivables)]),
    );
    const nonEmpty = Object.entries(second.summary.receivables.byStatus).filter(([, t]) => t.count > 0);
    expect(byState).toEqual(Object.fromEntries(nonEmpty.map(([state, t]) => [state, t.count])));
  });

  it('production with the local webhook: signed deliveries resume the run, receivables equal the ground truth', async () => {
    const simulator = await startTestSimulator('production');
    const dataDir = await tempDataDir();
    const { summary, files, webhookWaits } = await runAgainst(simulator, {
      env: 'production',
      dataDir,
      webhook: 'local',
    });
    expect(summary.outcome).toBe('SUCCEEDED');
    expect(await receivablesOf(dataDir, summary)).toEqual(groundTruthOf(simulator, summary));
    expect(simulator.deliveries().filter((d) => d.status === 200).length).toBeGreaterThan(0);
    expect(webhookWaits.parked).toBe(summary.jobs.length);
    expect(webhookWaits.resumed).toBe(webhookWaits.parked);
    expect(simulator.webhooks()).toEqual([]);
    expect(summary.jobs.every((j) => j.outcome === 'COMPLETED')).toBe(true);
    expect(files.html).toMatch(/report\.html$/);
  });
});
