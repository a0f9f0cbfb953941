/**
 * Every figure has one definition (lambdas/core/book/figures.ts): on the production demo, whose
 * book holds settled, late, short, charged-back, cancelled and unlinked receivables, fees above the
 * contract and the bank leg, the card's money, the "who owes what" table (its rows and its totals
 * row) and the CLI's `recon receivables --by-acquirer` give the same centavos for late, paid short
 * and taken back, and the table's book figures per acquirer equal the CLI's.
 */
import { describe, expect, it } from 'vitest';
import { whoOwesWhat } from '../../lambdas/core/book/who-owes-what';
import type { RunSummary } from '../../lambdas/core/report/types';
import { cli } from '../unit/cli/harness';
import { runCliProcess } from './spawn-cli';
import { tempDataDir } from './support';

const FIGURES = ['lateCents', 'paidShortCents', 'takenBackCents'] as const;
const BOOK = ['expectedCents', 'receivedCents', ...FIGURES] as const;

describe('one definition per figure, on the production demo', () => {
  it('the cards, the table and the CLI agree to the centavo', async () => {
    const dataDir = await tempDataDir();
    const run = await runCliProcess(['run', '--env', 'production', '--json', '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as RunSummary;
    const listed = await cli([
      'receivables',
      '--env',
      'production',
      '--by-acquirer',
      '--format',
      'jsonl',
      '--data-dir',
      dataDir,
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, number | string | null | boolean>);
    const terminal = rows.find((r) => r.total === true);
    const byAcquirer = new Map(rows.filter((r) => r.total !== true).map((r) => [r.acquirer, r]));

    // The scenario has every part the figures read: otherwise "equal" would prove little.
    const state = (s: string) => summary.receivables.byStatus[s]?.count ?? 0;
    for (const s of ['SETTLED', 'OVERDUE', 'UNDERPAID', 'CHARGED_BACK', 'CANCELLED', 'UNLINKED']) {
      expect(state(s), s).toBeGreaterThan(0);
    }
    expect(summary.feeAudit?.state).toBe('ON');
    expect(summary.deposits?.state).toBe('ON');

    const table = whoOwesWhat(summary);
    const card = (s: string) => summary.attention.find((c) => c.state === s)?.amountCents;
    const cards = {
      lateCents: card('OVERDUE'),
      paidShortCents: card('UNDERPAID'),
      takenBackCents:
        (summary.lifecycle?.cancelledNetCents ?? 0) + (summary.lifecycle?.chargedBackNetCents ?? 0),
    };
    for (const figure of FIGURES) {
      const rowsSum = table?.acquirers.reduce((n, a) => n + (a[figure] ?? 0), 0);
      expect([table?.total[figure], rowsSum, terminal?.[figure]], figure).toEqual([
        cards[figure],
        cards[figure],
        cards[figure],
      ]);
      expect(cards[figure], figure).toBeGreaterThan(0);
    }
    for (const a of table?.acquirers ?? []) {
      for (const figure of BOOK)
        expect(a[figure], `${a.acquirer} ${figure}`).toBe(byAcquirer.get(a.acquirer)?.[figure]);
    }
    expect(table?.total.expectedCents).toBe(terminal?.expectedCents);
    expect(table?.total.receivedCents).toBe(terminal?.receivedCents);
  }, 180_000);
});
