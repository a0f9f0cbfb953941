/**
 * The report a real `recon run` writes (CLI process, built-in simulator, dynalite, s3rver, the
 * synthesized state machine), in the language `--lang` asks for, opened in headless Chromium at
 * phone width: the flag reaches the summarizer through the stage settings, and the file the user
 * opens is the one the browser test judges.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../lambdas/core/money';
import { actionCategoriesByAmount } from '../../lambdas/core/report/action-order';
import type { RunSummary } from '../../lambdas/core/report/types';
import { runCliProcess } from '../e2e/spawn-cli';
import { tempDataDir } from '../e2e/support';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';

describe('recon run --lang', () => {
  it('writes the report in English when asked, and it fits a phone', async () => {
    const dataDir = await tempDataDir();
    const run = await runCliProcess([
      'run',
      '--json',
      '--lang',
      'en',
      '--data-dir',
      dataDir,
      '--sim-seed',
      '11',
      '--sim-sales',
      '15',
    ]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as RunSummary;
    expect(summary.language).toBe('en');
    // Wherever the data directory keeps it (per environment), the run's copy of its report.
    const reportPath = (await readdir(dataDir, { recursive: true })).find((path) =>
      path.endsWith(join(`run=${summary.runId}`, 'report.html')),
    );
    expect(reportPath).toBeDefined();
    const html = await readFile(join(dataDir, reportPath ?? ''), 'utf8');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('What needs action');

    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
      await page.setContent(html, { waitUntil: 'load' });
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // Only categories with something at stake get a card.
      for (const category of actionCategoriesByAmount(summary)) {
        const text = await page.locator(`.card.${category.state}`).innerText();
        expect(text).toContain(formatBrl(category.amountCents, 'en'));
      }
    } finally {
      await browser.close();
    }
  }, 180_000); // a whole demo run and a browser: far more than the default beside the suite on 2 cores
});
