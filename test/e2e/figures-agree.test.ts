/**
 * Every figure has one definition (lambdas/core/book/figures.ts): the card's money, the "who owes
 * what" table (its rows and its totals row) and the CLI's `recon receivables --by-acquirer` give the
 * same centavos for late, paid short and taken back, and the table's book figures per acquirer
 * equal the CLI's. Two scenarios: the production demo (settled, late, short, charged-back,
 * cancelled and unlinked receivables, fees above the contract, the bank leg) and a bare run (A1/D1
 * only: no lifecycle, no fee audit, no statement, so nothing is taken back). The lake's named query
 * `who_owes_what`, run by `recon query` on the same data as of the same day, gives the same rows.
 */
import { describe, expect, it } from 'vitest';
import { whoOwesWhat } from '../../lambdas/core/book/who-owes-what';
import type { RunSummary } from '../../lambdas/core/report/types';
import { cli } from '../unit/cli/harness';
import { runCliProcess } from './spawn-cli';
import { tempDataDir } from './support';

const FIGURES = ['lateCents', 'paidShortCents', 'takenBackCents'] as const;
const BOOK = ['expectedCents', 'receivedCents', ...FIGURES] as const;
/** The lake's column for each figure of the table. */
const LAKE_COLUMN = {
  expectedCents: 'expected_cents',
  receivedCents: 'received_cents',
  lateCents: 'late_cents',
  paidShortCents: 'paid_short_cents',
  takenBackCents: 'taken_back_cents',
} as const;

async function jsonLines(args: readonly string[]) {
  const out = await cli([...args, '--format', 'jsonl']);
  expect(out.code, out.stderr).toBe(0);
  return out.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, number | string | null | boolean>);
}

const SCENARIOS = [
  {
    name: 'the production demo',
    args: ['--env', 'production'],
    states: ['SETTLED', 'OVERDUE', 'UNDERPAID', 'CHARGED_BACK', 'CANCELLED', 'UNLINKED'],
    parts: 'ON',
    nonZero: FIGURES,
  },
  {
    name: 'a bare run',
    args: ['--env', 'sandbox', '--bare', '--sim-sales', '80'],
    states: ['SETTLED', 'OVERDUE', 'UNDERPAID', 'UNEXPECTED'],
    parts: 'OFF',
    nonZero: ['lateCents', 'paidShortCents'],
  },
] as const;

describe('one definition per figure', () => {
  it.each(SCENARIOS)(
    '$name: the cards, the table and the CLI agree to the centavo',
    async (scenario) => {
      const dataDir = await tempDataDir();
      const run = await runCliProcess(['run', ...scenario.args, '--json', '--data-dir', dataDir]);
      expect(run.code, run.stderr).toBe(0);
      const summary = JSON.parse(run.stdout) as RunSummary;
      const env = ['--env', scenario.args[1], '--data-dir', dataDir];
      const rows = await jsonLines(['receivables', ...env, '--by-acquirer']);
      const lake = await jsonLines(['query', 'who_owes_what', ...env, '--param', `as_of=${summary.asOf}`]);
      const lakeByAcquirer = new Map(lake.map((r) => [r.acquirer, r]));
      const terminal = rows.find((r) => r.total === true);
      const byAcquirer = new Map(rows.filter((r) => r.total !== true).map((r) => [r.acquirer, r]));

      // The scenario has the parts it is chosen for: otherwise "equal" would prove little.
      const state = (s: string) => summary.receivables.byStatus[s]?.count ?? 0;
      for (const s of scenario.states) expect(state(s), s).toBeGreaterThan(0);
      expect(summary.feeAudit?.state).toBe(scenario.parts);
      expect(summary.deposits?.state).toBe(scenario.parts);

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
      }
      for (const figure of scenario.nonZero) expect(cards[figure], figure).toBeGreaterThan(0);
      expect([...lakeByAcquirer.keys()].sort()).toEqual(table?.acquirers.map((a) => a.acquirer).sort());
      for (const a of table?.acquirers ?? []) {
        for (const figure of BOOK) {
          expect(a[figure], `${a.acquirer} ${figure}`).toBe(byAcquirer.get(a.acquirer)?.[figure]);
          // A figure the table leaves empty (null) is nothing owed: the lake sums it to zero.
          expect(
            Number(lakeByAcquirer.get(a.acquirer)?.[LAKE_COLUMN[figure]]),
            `lake ${a.acquirer} ${figure}`,
          ).toBe(a[figure] ?? 0);
        }
      }
      expect(table?.total.expectedCents).toBe(terminal?.expectedCents);
      expect(table?.total.receivedCents).toBe(terminal?.receivedCents);
    },
    180_000,
  );
});
