/**
 * The HTML report in Chromium with the web inbox's address (`recon run --inbox-url`, the stack's
 * InboxUrl deployed): each card of "O que precisa de ação" leads to the inbox's list of its kind,
 * each of a category's largest items to the list of its kind, acquirer and merchant; without an
 * address, the cards lead to the report's own sections as before.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIND_OF_STATE } from '../../lambdas/core/breaks/kinds';
import { renderHtmlReport } from '../../lambdas/core/report/html';
import type { RunSummary } from '../../lambdas/core/report/types';
import { crowdedSummary } from './realistic-summary';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const INBOX = 'https://abc123.execute-api.sa-east-1.amazonaws.com';

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
});

async function open(summary: RunSummary): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await page.setContent(renderHtmlReport(summary), { waitUntil: 'load' });
  return page;
}

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));

describe('the report links what needs action into the web inbox', () => {
  it("leads each card to the inbox's list of its kind, and each largest item to its acquirer and merchant", async () => {
    const summary = { ...crowdedSummary('pt-BR'), inboxUrl: INBOX };
    const page = await open(summary);
    try {
      for (const category of summary.attention.filter((c) => c.count > 0)) {
        const kind = KIND_OF_STATE[category.state as keyof typeof KIND_OF_STATE];
        expect(await hrefs(page, `.cards .card.${category.state}`)).toEqual([`${INBOX}/?tipo=${kind}`]);
        const item = category.largest[0];
        if (!item) continue;
        const expected = new URLSearchParams({ tipo: kind });
        if (item.acquirer) expected.set('adquirente', item.acquirer);
        if (item.merchant) expected.set('estabelecimento', item.merchant);
        const links = await hrefs(page, `h3#${category.state} + .box tbody a`);
        expect(links[0]).toBe(`${INBOX}/?${expected}`);
      }
      // The bank leg's entries lead to the inbox too: its kind when the entry is one kind, else the morning list.
      const entries = await hrefs(page, '.cards .card.entry');
      expect(entries.length).toBeGreaterThan(0);
      for (const href of entries) expect(href).toMatch(new RegExp(`^${INBOX}/(\\?tipo=[A-Z_]+)?$`));
      // A click goes there (the browser resolves it against nothing but the address itself).
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().startsWith(INBOX)),
        page.locator('.cards .card.OVERDUE').click(),
      ]);
      expect(request.url()).toBe(`${INBOX}/?tipo=LATE`);
    } finally {
      await page.close();
    }
  });

  it('without an inbox address, keeps the cards on the report and writes no inbox link', async () => {
    const page = await open(crowdedSummary('pt-BR'));
    try {
      const cards = await hrefs(page, '.cards .card');
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((href) => href.startsWith('#'))).toBe(true);
      expect(await page.locator('a[href*="tipo="]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('writes no link from an address that is not a web address', async () => {
    const page = await open({ ...crowdedSummary('pt-BR'), inboxUrl: 'javascript:alert(1)' });
    try {
      expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
