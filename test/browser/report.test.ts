/**
 * The HTML report in a real browser: Debian's headless Chromium (installed by .ci/run), driven by
 * playwright-core, which downloads no browser of its own. At a desktop and phone widths down to
 * 360 px the page must never scroll sideways, and what needs action (count and R$ amount per state)
 * must be on screen, amounts not cut off, largest money first as the reader scans the cards. Screenshots land in test/browser/screenshots/ (gitignored) for a
 * person to look at.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFeesTextsFor } from '../../lambdas/core/account-items/report-texts';
import { bookTextsFor } from '../../lambdas/core/book/report-texts';
import { depositsTextsFor } from '../../lambdas/core/deposits/report-texts';
import { formatBrl } from '../../lambdas/core/money';
import {
  type ActionLine,
  actionCategoriesByAmount,
  actionLines,
} from '../../lambdas/core/report/action-order';
import { renderHtmlReport } from '../../lambdas/core/report/html';
import { textsFor } from '../../lambdas/core/report/i18n';
import type { ReportLanguage, RunSummary } from '../../lambdas/core/report/types';
import { formatDate } from '../../lambdas/core/report-kit/dates';
import { SHOWN_ROWS } from '../../lambdas/core/report-kit/short-list';
import { lifecycleSummary } from './lifecycle-summary';
import { crowdedSummary, realisticSummary } from './realistic-summary';

/** Debian's package path; RECON_CHROMIUM points elsewhere on other systems. */
const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
const WIDTHS = [1280, 420, 360] as const;
const PHONE_WIDTHS = [420, 360] as const;

let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
  }
  await mkdir(SCREENSHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
});

async function open(summary: RunSummary, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.setContent(renderHtmlReport(summary), { waitUntil: 'load' });
  return page;
}

// Browser-side expressions as strings: the project's TypeScript has no DOM types, on purpose.
const PAGE_WIDTHS =
  '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })';

/** Text of the elements whose box sticks out of the viewport on the right (what the reader cannot see). */
function cutOff(page: Page, selector: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll(${JSON.stringify(selector)})]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((e) => e.textContent)`,
  );
}

/** Page-level horizontal overflow in px (0 or less: none). */
async function pageOverflow(page: Page): Promise<number> {
  const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
    PAGE_WIDTHS,
  );
  return scrollWidth - clientWidth;
}

/** A card's second class: a receivable category's state, or "entry" for a section's entry. */
const cardClass = (line: ActionLine) => (line.kind === 'category' ? line.category.state : 'entry');

/** The cards' states as a reader meets them on screen: top to bottom, then left to right. */
function cardsInReadingOrder(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll('.card')]
      .map((e) => ({ state: e.classList[1], box: e.getBoundingClientRect() }))
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)
      .map((c) => c.state)`,
  );
}

describe.each(['pt-BR', 'en'] as const)('HTML report in Chromium (%s)', (language: ReportLanguage) => {
  const summary = realisticSummary(language);
  const t = textsFor(language);

  it.each(WIDTHS)('at %i px: no sideways scrolling, every action figure on screen', async (width) => {
    const page = await open(summary, width);
    try {
      await page.screenshot({ path: join(SCREENSHOTS, `report-${language}-${width}.png`), fullPage: true });
      const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
        PAGE_WIDTHS,
      );
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

      const ordered = actionCategoriesByAmount(summary);
      expect(await cardsInReadingOrder(page)).toEqual(ordered.map((c) => c.state));
      // The demo book has no lifecycle records: only the lifecycle's action states are empty (the
      // lifecycle report below fills them).
      expect(summary.attention.filter((c) => c.count === 0).map((c) => c.state)).toEqual([
        'CHARGED_BACK',
        'UNLINKED',
      ]);
      for (const category of summary.attention.filter((c) => c.count > 0)) {
        const card = page.locator(`.card.${category.state}`);
        const text = await card.innerText();
        expect(text).toContain(t.states[category.state]);
        expect(text).toContain(t.receivables(category.count));
        expect(text).toContain(formatBrl(category.amountCents, language));
        // The card and its items' heading wear the category's colour.
        const colours = await page.evaluate<string[]>(
          `[".card.${category.state}", "h3#${category.state}"].map((s) => getComputedStyle(document.querySelector(s)).borderLeftColor)`,
        );
        expect(colours[1]).toBe(colours[0]);
        // Its largest few items are listed, under their own heading (the rest are counted).
        const items = page.locator(`h3#${category.state} + .box tbody tr`);
        expect(await items.count()).toBe(Math.min(category.largest.length, SHOWN_ROWS));
      }
      expect(await cutOff(page, '.card, td, th, h1, h2, h3, p')).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe.each(['pt-BR', 'en'] as const)('the most crowded report in Chromium (%s)', (language) => {
  it.each(PHONE_WIDTHS)(
    'at %i px: no sideways scrolling, cards by amount, nothing cut off',
    async (width) => {
      const summary = crowdedSummary(language);
      const page = await open(summary, width);
      try {
        await page.screenshot({
          path: join(SCREENSHOTS, `crowded-${language}-${width}.png`),
          fullPage: true,
        });
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        // The sections' entries (the deposits) among the categories, by amount.
        const lines = actionLines(summary);
        expect(lines.some((line) => line.kind === 'entry')).toBe(true);
        expect(await cardsInReadingOrder(page)).toEqual(lines.map(cardClass));
        // The Depósitos section is on the page, its lists and tables fit as the rest do.
        expect(await page.locator('#deposits ~ h3.deposit').count()).toBe(3);
        expect(await cutOff(page, '.card, td, th, h1, h2, h3, p, li, small')).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

describe('weekly agenda chart in Chromium', () => {
  it('draws a year of weeks with dated, R$-valued axes, past and future weeks apart', async () => {
    const summary = realisticSummary('pt-BR');
    const page = await open(summary, 1280);
    try {
      const chart = page.locator('.chart svg');
      const labels = await chart.locator('text').allTextContents();
      const months = labels.filter((l) => textsFor('pt-BR').agenda.months.includes(l));
      expect(months.length).toBeGreaterThanOrEqual(12);
      expect(labels).toEqual(expect.arrayContaining(['2025', '2026', 'R$ 0', 'data-base 07/04/2025']));
      expect(labels.filter((l) => /^R\$ \d+ mil$/.test(l)).length).toBeGreaterThanOrEqual(3);
      const past = await chart.locator('rect.fc:not(.future)').count();
      const future = await chart.locator('rect.fc.future').count();
      expect(past).toBeGreaterThan(5);
      expect(future).toBeGreaterThan(40);
      // Readable: the chart is wide enough for a week's bar to be seen.
      const box = await chart.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(700);
    } finally {
      await page.close();
    }
  });
});

describe.each(['pt-BR', 'en'] as const)('lifecycle sections in Chromium (%s)', (language: ReportLanguage) => {
  const summary = lifecycleSummary(language);
  const t = accountFeesTextsFor(language);

  it.each([1280, 360])(
    'at %i px: chargebacks, fees and unclassified records fit and show their figures',
    async (width) => {
      const page = await open(summary, width);
      try {
        await page.screenshot({
          path: join(SCREENSHOTS, `lifecycle-${language}-${width}.png`),
          fullPage: true,
        });
        const { scrollWidth, clientWidth } = await page.evaluate<{
          scrollWidth: number;
          clientWidth: number;
        }>(PAGE_WIDTHS);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        expect(await cutOff(page, '.card, td, th, h1, h2, h3, p, li, code')).toEqual([]);

        const chargebacks = summary.attention.find((c) => c.state === 'CHARGED_BACK');
        expect(chargebacks?.count).toBeGreaterThan(0);
        const card = await page.locator('.card.CHARGED_BACK').innerText();
        expect(card).toContain(formatBrl(chargebacks?.amountCents ?? 0, language));
        const first = await page.locator('h3#CHARGED_BACK + .box tbody tr').first().innerText();
        const item = chargebacks?.largest[0];
        expect(first).toContain(formatBrl(item?.chargedBackNetCents ?? 0, language));
        expect(first).toContain(formatDate(item?.chargebackDate ?? '', language));

        const acquirers = summary.fees?.byAcquirer ?? [];
        expect(acquirers.length).toBeGreaterThan(1);
        const fees = await page.locator(`h2:text("${t.heading}") + p + .box`).innerText();
        for (const a of acquirers) expect(fees).toContain(formatBrl(-a.feeCents, language));

        expect(await page.locator('body').innerText()).toContain(
          formatBrl(summary.lifecycle?.advanceFeeCents ?? 0, language),
        );
        expect(await page.locator('#unclassified + p + ul li').count()).toBe(3);
      } finally {
        await page.close();
      }
    },
  );
});

describe.each(['pt-BR', 'en'] as const)('who owes what in Chromium (%s)', (language) => {
  it('at 360 px: the table fits its box, carries the totals and comes before the per-day detail', async () => {
    const crowded = crowdedSummary(language);
    const feeAudit = {
      state: 'ON' as const,
      audited: 2,
      withoutRate: 0,
      overchargedCents: 123_456_78,
      byAcquirerBrand: [{ acquirer: 'CIELO', brand: 'VISA', overchargedCents: 123_456_78, items: 2 }],
      largest: [],
    };
    const page = await open({ ...crowded, feeAudit }, 360);
    try {
      await page.screenshot({ path: join(SCREENSHOTS, `who-owes-what-${language}-360.png`), fullPage: true });
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const box = page.locator('#who-owes-what + p + .box');
      // The table fits its box: nothing to scroll sideways inside it either.
      const inside = await page.evaluate<number>(
        `(() => { const e = document.querySelector('#who-owes-what + p + .box'); return e.scrollWidth - e.clientWidth; })()`,
      );
      expect(inside).toBeLessThanOrEqual(0);
      expect(await cutOff(page, '#who-owes-what ~ .box td, #who-owes-what ~ .box th')).toEqual([]);
      const total = await box.locator('tfoot').innerText();
      expect(total).toContain(bookTextsFor(language).whoOwesWhat.total);
      expect(total).toContain(formatBrl(crowded.receivables.total.forecastNetCents, language));
      expect(total).toContain(formatBrl(feeAudit.overchargedCents, language));
      const cielo = await box.locator('tbody tr', { hasText: 'CIELO' }).innerText();
      expect(cielo).toContain(formatBrl(feeAudit.overchargedCents, language));
      // Right under what needs action, above the deposits' per-day detail.
      const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? -1;
      const perDay = `h3:text-is("${depositsTextsFor(language).byDay}")`;
      expect(await top(perDay)).toBeGreaterThan(0);
      expect(await top('#who-owes-what')).toBeLessThan(await top(perDay));
      expect(await top('.cards')).toBeLessThan(await top('#who-owes-what'));
    } finally {
      await page.close();
    }
  });
});
