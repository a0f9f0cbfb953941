/**
 * The demo's morning list worked to zero in a real Chromium through `recon inbox`, as a finance person
 * would: `recon run` (the demo, as a process), `recon inbox` started with its printed one-time link,
 * every break assigned a page at a time with the bulk form, one decision undone on its page; then,
 * the inbox stopped, `recon breaks history` shows the same events under the person's name.
 */
import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/program';
import { runCliProcess } from '../e2e/spawn-cli';
import { tempDataDir } from '../e2e/support';
import { cards, decisionForm, follow } from '../support/inbox-pages';
import { capturedIo, cli } from '../unit/cli/harness';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const ENV = { RECON_OPERATOR: 'ana' };

describe('the demo in the inbox', () => {
  it('takes the morning list to zero in the browser, undoes one, and the CLI shows the same events', async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium`);
    const dataDir = await tempDataDir();
    const run = await runCliProcess(['run', '--data-dir', dataDir], ENV);
    expect(run.code, run.stderr).toBe(0);
    const morning = await cli(['breaks', 'list', '--format', 'jsonl', '--data-dir', dataDir], ENV);
    const count = morning.stdout.split('\n').filter(Boolean).length;
    expect(count).toBeGreaterThan(100);

    const stop = new AbortController();
    const { io, output } = capturedIo(ENV, { signal: stop.signal });
    const served = runCli(['inbox', '--data-dir', dataDir], io);
    for (let i = 0; i < 200 && !output().stdout.includes('\n'); i += 1) await delay(50);
    const link = output().stdout.trim();
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    let undone = '';
    try {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      expect((await page.goto(link))?.status()).toBe(200);
      // A page shows the largest hundred: each round assigns what it shows, until nothing is left.
      let assigned = 0;
      for (let round = 0; round < 5 && (await cards(page).count()) > 0; round += 1) {
        const boxes = await page.locator('input[name=sel]').all();
        for (const box of boxes) await box.check();
        await page.fill('#bulk input[name=note]', 'cobrado da adquirente');
        await page.fill('#bulk input[name=assignee]', 'ana');
        await follow(page.getByRole('button', { name: 'Atribuir as selecionadas' }));
        expect(await page.textContent('.flash')).toBe(`${boxes.length} pendências atribuídas`);
        assigned += boxes.length;
      }
      expect(assigned).toBe(count);
      expect(await page.textContent('#totals')).toBe('0 pendências, R$ 0,00');

      // One of them undone on its own page: it is back on the morning list.
      await page.goto(`${new URL(link).origin}/?situacao=todas`);
      await follow(cards(page).first().locator('a').first());
      undone = new URL(page.url()).searchParams.get('id') ?? '';
      await follow(decisionForm(page, 'undo').locator('button'));
      await page.goto(`${new URL(link).origin}/`);
      expect(await cards(page).count()).toBe(1);
    } finally {
      await browser.close();
      stop.abort('SIGINT');
      expect(await served).toBe(0);
    }
    const listed = await cli(['breaks', 'list', '--format', 'jsonl', '--data-dir', dataDir], ENV);
    const ref = JSON.parse(listed.stdout.split('\n')[0] ?? '{}') as { ref: string; break_id: string };
    expect(ref.break_id).toBe(undone);
    const history = await cli(['breaks', 'history', ref.ref, '--data-dir', dataDir], ENV);
    expect(history.stdout).toMatch(/^1 .* ana +tratativa +— → Em tratativa +.*cobrado da adquirente/m);
    expect(history.stdout).toMatch(/^2 .* ana +desfeito #1 +Em tratativa → —/m);
  }, 300_000);
});
