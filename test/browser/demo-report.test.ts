/**
 * The production-mode demo's report (`recon run --env production`: the built-in simulator's whole
 * world, as a finance manager would open it) in headless Chromium at a desktop and two phone widths:
 * nothing wider than its container, every section on the page, and short enough to read on a phone
 * (docs/report.md, "Short by design"): at most 15 screens of a 360 × 740 px viewport.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountFeesTextsFor } from '../../lambdas/core/account-items/report-texts';
import { bookTextsFor } from '../../lambdas/core/book/report-texts';
import { FEE_AUDIT_ANCHOR } from '../../lambdas/core/fee-audit/report-message';
import { textsFor } from '../../lambdas/core/report/i18n';
import type { RunSummary } from '../../lambdas/core/report/types';
import { runCliProcess } from '../e2e/spawn-cli';
import { tempDataDir } from '../e2e/support';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const SCREEN = { width: 360, height: 740 };
const MAX_SCREENS = 15;
/** The whole action list and the per-acquirer table are read without scrolling past three phone screens. */
const ACTION_SCREENS = 3;
/** A local inbox's address, as `recon inbox` prints it: the report's cards lead there. */
const INBOX = 'http://127.0.0.1:8765';

/** Where, from the page's top, the action cards and the per-acquirer table end. */
const ACTION_BOTTOMS = `(() => {
  const bottom = (e) => (e ? e.getBoundingClientRect().bottom + window.scrollY : Infinity);
  return {
    cards: bottom(document.querySelector('.cards')),
    whoOwesWhat: bottom(document.querySelector('#who-owes-what + p + .box')),
  };
})()`;

/**
 * Elements whose box sticks out of their parent's on the right, outside the boxes made to scroll on
 * their own (the chart keeps a readable width and scrolls inside its box on a phone, by design).
 */
const WIDER_THAN_CONTAINER = `[...document.body.querySelectorAll('*')]
  .filter((e) => !e.closest('.chart') && e.parentElement)
  .filter((e) => e.getBoundingClientRect().right > e.parentElement.getBoundingClientRect().right + 0.5)
  .map((e) => e.tagName + ' ' + (e.textContent ?? '').slice(0, 60))`;

/** Boxes around tables that would have to scroll sideways: a table wider than the screen. */
const SCROLLING_BOXES = `[...document.querySelectorAll('.box')]
  .filter((e) => e.scrollWidth > e.clientWidth)
  .map((e) => (e.textContent ?? '').slice(0, 60))`;

async function sectionHeadings(page: Page): Promise<string[]> {
  return page.locator('h2').allInnerTexts();
}

describe('the production demo report in Chromium', () => {
  it('fits 360, 420 and 1280 px, has every section and reads in 15 phone screens', async () => {
    const dataDir = await tempDataDir();
    const run = await runCliProcess([
      'run',
      '--env',
      'production',
      '--json',
      '--data-dir',
      dataDir,
      '--inbox-url',
      INBOX,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as RunSummary;
    const reportPath = (await readdir(dataDir, { recursive: true })).find((path) =>
      path.endsWith(join(`run=${summary.runId}`, 'report.html')),
    );
    expect(reportPath).toBeDefined();
    const reportFile = join(dataDir, reportPath ?? '');
    const url = pathToFileURL(reportFile).href;

    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const heights: Record<number, number> = {};
      for (const width of [360, 420, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: SCREEN.height } });
        await page.goto(url, { waitUntil: 'load' });
        const measured = await page.evaluate<{ scrollWidth: number; clientWidth: number; height: number }>(
          '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, height: document.documentElement.scrollHeight })',
        );
        expect(measured.scrollWidth, `page at ${width} px`).toBeLessThanOrEqual(measured.clientWidth);
        expect(await page.evaluate<string[]>(WIDER_THAN_CONTAINER), `at ${width} px`).toEqual([]);
        expect(await page.evaluate<string[]>(SCROLLING_BOXES), `at ${width} px`).toEqual([]);
        heights[width] = measured.height;

        const t = textsFor('pt-BR');
        expect(await page.locator('.cards .card').count()).toBeGreaterThan(0);
        expect(await sectionHeadings(page)).toEqual(
          expect.arrayContaining([
            t.attention.heading,
            bookTextsFor('pt-BR').whoOwesWhat.heading,
            accountFeesTextsFor('pt-BR').heading,
            bookTextsFor('pt-BR').info.heading,
          ]),
        );
        for (const id of ['who-owes-what', 'deposits', FEE_AUDIT_ANCHOR]) {
          expect(await page.locator(`h2#${id}`).isVisible(), id).toBe(true);
        }
        if (width === SCREEN.width) {
          const bottoms = await page.evaluate<{ cards: number; whoOwesWhat: number }>(ACTION_BOTTOMS);
          expect(bottoms.cards, 'the action list').toBeLessThanOrEqual(ACTION_SCREENS * SCREEN.height);
          expect(bottoms.whoOwesWhat, 'who owes what').toBeLessThanOrEqual(ACTION_SCREENS * SCREEN.height);
          // The run was told the inbox's address: every card of a kind of break leads there.
          const cards = await page
            .locator('.cards .card')
            .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
          expect(cards.filter((href) => href.startsWith(`${INBOX}/?tipo=`)).length).toBeGreaterThan(0);
        }
        await page.close();
      }
      // The bound is the phone's: 15 screens at 360 px; wider pages are shorter still.
      expect(heights[360]).toBeLessThanOrEqual(MAX_SCREENS * SCREEN.height);
      expect(heights[420]).toBeLessThanOrEqual(heights[360] ?? 0);
      expect(heights[1280]).toBeLessThanOrEqual(heights[420] ?? 0);

      // Each category's full list is beside the report, linked from it, with every item (not its top 5).
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const links = await page
        .locator('a[download]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      await page.close();
      for (const category of summary.attention.filter((c) => c.count > 0)) {
        const file = summary.fullLists?.[category.state];
        expect(links).toContain(file);
        const csv = await readFile(join(dirname(reportFile), file ?? ''), 'utf8');
        expect(csv.startsWith('\ufeff')).toBe(true);
        expect(csv.trimEnd().split('\r\n')).toHaveLength(category.count + 1);
      }
    } finally {
      await browser.close();
    }
  }, 240_000); // a whole demo run and a browser: far more than the default beside the suite on 2 cores
});
