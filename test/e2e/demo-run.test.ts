/**
 * The demo as a user starts it: `recon run` with no flag. The built-in simulator's whole world comes
 * in through the real paths: lifecycle records read with the simulator's record roles, its
 * contracted-rate table for the fee audit, its bank's statements imported as `recon bank import`
 * imports them. The report then shows every part of the product and asks the reader to configure
 * nothing; the fee audit and the deposits agree with the simulator's own answer keys.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookTextsFor } from '../../lambdas/core/book/report-texts';
import { depositsTextsFor } from '../../lambdas/core/deposits/report-texts';
import { feeAuditTextsFor } from '../../lambdas/core/fee-audit/report-texts';
import type { RunSummary } from '../../lambdas/core/report/types';
import { DEMO_WORLD } from '../../local/demo';
import { startSimulator } from '../../local/simulator';
import {
  accountPerAcquirer,
  accountPerAcquirerOf,
  confirmedPerDeposit,
  depositedPerDeposit,
  exportedBaixas,
  manifestOf,
  paidPerSale,
  settledPerSale,
} from './baixas-support';
import { runCliProcess } from './spawn-cli';
import { receivablesOf, tempDataDir } from './support';

describe('recon run with no flag: the demo', () => {
  it('reads the lifecycle with roles, audits fees against the contract and matches imported statements', async () => {
    const dataDir = await tempDataDir();
    const run = await runCliProcess(['run', '--json', '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as RunSummary;
    expect(run.stderr).toMatch(/demo: \d+ bank statements imported; the simulator's contracted rates/);

    // Every lifecycle code has its role: nothing is left unclassified, and its states appear.
    for (const code of ['A2', 'E1', 'F1', 'G1']) expect(summary.records.byCode[code]).toBeGreaterThan(0);
    expect(summary.unclassified).toEqual([]);
    for (const state of ['CANCELLED', 'CHARGED_BACK', 'ADVANCED'] as const)
      expect(summary.receivables.byStatus[state]?.count).toBeGreaterThan(0);

    // The same seed and dataset answer for what recon must find.
    const twin = await startSimulator({ mode: 'sandbox', dataset: DEMO_WORLD.dataset });
    try {
      const period = { from: summary.from, to: summary.to };
      if (summary.feeAudit?.state !== 'ON') throw new Error(`fee audit ${summary.feeAudit?.state}`);
      const audited = Object.fromEntries(
        summary.feeAudit.byAcquirerBrand.map((l) => [`${l.acquirer}|${l.brand}`, l.overchargedCents]),
      );
      expect(Object.keys(audited).length).toBeGreaterThan(0);
      expect(audited).toEqual(twin.feeAuditTruth(period).byAcquirerBrand);

      if (summary.deposits?.state !== 'ON') throw new Error(`deposits ${summary.deposits?.state}`);
      const deposited = (results: readonly { status: string }[]) =>
        results.filter((r) => r.status === 'DEPOSITED').length;
      const truth = twin.bankTruth({ ...period, asOf: summary.asOf });
      expect(deposited(summary.deposits.results)).toBeGreaterThan(0);
      expect(deposited(summary.deposits.results)).toBe(deposited(truth.results));
    } finally {
      await twin.close();
    }

    const html = await readFile(
      join(dataDir, 'sandbox', 'summaries', `run=${summary.runId}`, 'report.html'),
      'utf8',
    );
    expect(html).toContain(feeAuditTextsFor('pt-BR').heading);
    expect(html).toContain(depositsTextsFor('pt-BR').heading);
    expect(html).toContain(bookTextsFor('pt-BR').info.heading);
    // Who owes what, right under what needs action, before the deposits' per-day detail.
    const owed = html.indexOf(bookTextsFor('pt-BR').whoOwesWhat.heading);
    expect(owed).toBeGreaterThan(html.indexOf('O que precisa de ação'));
    expect(owed).toBeLessThan(html.indexOf(depositsTextsFor('pt-BR').byDay));
    // Nothing asks the reader to configure anything.
    expect(html).not.toContain(bookTextsFor('pt-BR').unclassified.heading);
    expect(html).not.toContain('Defina em recordRoles');
    expect(html).not.toContain('config/contract-rates.csv');
    expect(html).not.toContain(depositsTextsFor('pt-BR').off);

    // The ERP export agrees with the book: per sale what was received, per deposit what the bank confirmed.
    const baixas = await exportedBaixas(dataDir, []);
    expect(paidPerSale(baixas.lines)).toEqual(settledPerSale(await receivablesOf(dataDir, summary)));
    const confirmed = await confirmedPerDeposit(dataDir, summary.environment);
    expect(Object.keys(confirmed).length).toBeGreaterThan(0);
    expect(depositedPerDeposit(baixas.lines)).toEqual(confirmed);
    // Per acquirer, the account's fees and adjustments the fees section lists.
    const accountItems = accountPerAcquirerOf(summary.fees?.items ?? []);
    expect(Object.keys(accountItems).length).toBeGreaterThan(0);
    expect(accountPerAcquirer(baixas.lines)).toEqual(accountItems);
    // The demo again: nothing new after the cursor, the same lines when asked again.
    const again = await runCliProcess(['run', '--json', '--data-dir', dataDir]);
    expect(again.code, again.stderr).toBe(0);
    expect((await exportedBaixas(dataDir, ['--cursor', baixas.cursor])).lines).toEqual([]);
    expect((await exportedBaixas(dataDir, [])).lines).toEqual(baixas.lines);
    // Its manifest says so: exported before, the very same content.
    const manifest = await manifestOf(dataDir, summary.environment, baixas.cursor);
    expect(manifest).toMatchObject({ night: baixas.cursor, reexport: true, sameAsBefore: true });
    expect(manifest?.lines).toBe(baixas.lines.filter((line) => line.night === baixas.cursor).length);
  }, 360_000); // two whole demo runs: about 45 s each alone, far more beside the suite on 2 cores
});
