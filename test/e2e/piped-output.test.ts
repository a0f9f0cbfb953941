import { describe, expect, it } from 'vitest';
import { SUMMARY_STATES } from '../../lambdas/core/book/types';
import type { RunSummary } from '../../lambdas/core/report/types';
import { pipeCli, runCliProcess } from './spawn-cli';
import { tempDataDir } from './support';

/** What `wc -l` prints, as a number. */
const lineCount = (stdout: string) => Number(stdout.trim());

describe('output piped into another program', () => {
  it('arrives whole, far past the 64 KB a pipe holds, with the exit code kept', async () => {
    const dataDir = await tempDataDir();
    // The built-in simulator's default dataset: about 1,700 receivables, 2,200 records.
    const run = await runCliProcess(['run', '--json', '--data-dir', dataDir]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as RunSummary;
    const receivables = Object.values(summary.receivables.byStatus).reduce((n, s) => n + s.count, 0);
    const records = Object.values(summary.records.byCode).reduce((n, c) => n + c, 0);
    expect(receivables).toBeGreaterThan(1_000);
    // The demo's default date (the morning after the simulator's data) and its lifecycle records,
    // read with their roles, show every state.
    expect(summary.asOf).toBe('2025-04-01');
    const states = Object.entries(summary.receivables.byStatus).filter(([, t]) => t.count > 0);
    expect(states.map(([state]) => state).sort()).toEqual([...SUMMARY_STATES].sort());

    const jsonl = await pipeCli(['receivables', '--data-dir', dataDir, '--format', 'jsonl'], 'wc -c -l');
    expect(jsonl.code).toBe(0);
    const [lines, bytes] = jsonl.stdout.trim().split(/\s+/).map(Number);
    expect(bytes).toBeGreaterThan(4 * 65_536);
    expect(lines).toBe(receivables);

    const csv = await pipeCli(['receivables', '--data-dir', dataDir, '--format', 'csv'], 'wc -l');
    expect(csv.code).toBe(0);
    expect(lineCount(csv.stdout)).toBe(receivables + 1);

    const sql = 'SELECT * FROM recon_records';
    const query = await pipeCli(['query', '--sql', sql, '--data-dir', dataDir, '--format', 'jsonl'], 'wc -l');
    expect(query.code).toBe(0);
    expect(lineCount(query.stdout)).toBe(records);

    // A reader that stops early (`| head`) is not an error: no EPIPE trace, recon still exits 0.
    const head = await pipeCli(['receivables', '--data-dir', dataDir, '--format', 'jsonl'], 'head -n 3');
    expect(head.code).toBe(0);
    expect(head.stdout.trim().split('\n')).toHaveLength(3);
    expect(head.stderr).toBe('');
  }, 180_000); // a whole demo run and four piped reads: about 45 s alone, far more beside the suite on 2 cores
});
