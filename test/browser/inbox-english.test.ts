/**
 * `recon inbox --lang en` in a real Chromium, on the browser tests' small data directory: signed in
 * through the printed link, the list and a break's page are in English (the document's language,
 * its words, money and dates), with no Portuguese word of the inbox left on them.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInbox } from '../e2e/start-inbox';
import { cards, follow } from '../support/inbox-pages';
import { seedDataDir } from '../support/inbox-world';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const PORTUGUESE = [
  'Pendências',
  'Filtrar',
  'Sair',
  'Baixar CSV',
  'Em jogo',
  'Desde',
  'Previsto',
  'Histórico',
];

let browser: Browser;
let inbox: ReturnType<typeof startInbox>;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
  }
  inbox = startInbox(['--data-dir', await seedDataDir(), '--actor', 'ana', '--lang', 'en']);
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
  inbox?.stop();
  expect(await inbox?.ended).toBe(0);
});

describe('recon inbox --lang en', () => {
  it('shows the list and a break in English, money and dates the English way', async () => {
    const page = await browser.newPage();
    expect((await page.goto(await inbox.link()))?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Breaks');
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(1);
    expect(await page.locator('#totals').textContent()).toMatch(/^\d+ breaks, R\$ [\d,]*\d\.\d\d$/);
    expect(await cards(page).count()).toBeGreaterThan(0);
    const list = await page.locator('body').innerText();
    expect(list).toMatch(/Since \d{1,2} Apr 2025 \(\d+ days?\)/);
    for (const word of PORTUGUESE) expect(list).not.toContain(word);

    await follow(cards(page).locator('a').first());
    expect(new URL(page.url()).pathname).toBe('/pendencia');
    const shown = await page.locator('body').innerText();
    for (const words of ['Expected', 'At stake', 'History', 'Records', '← Breaks'])
      expect(shown).toContain(words);
    expect(shown).toMatch(/R\$ [\d,]*\d\.\d\d/);
    for (const word of PORTUGUESE) expect(shown).not.toContain(word);
  });
});
