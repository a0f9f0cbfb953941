/** How the inbox's browser tests find their way on its pages: the cards, a decision's form, a break. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const cards = (page: Page) => page.locator('ul.breaks li');

export const decisionForm = (page: Page, action: string) =>
  page.locator(`form:has(input[name=action][value=${action}])`);

/**
 * Clicks a link or a form's button and waits until the page it leads to has loaded. A click
 * returns once the navigation has begun; reading, reloading or asking the service before the
 * next page is in would act on the page being left or race the server's answer.
 */
export async function follow(target: Locator): Promise<void> {
  const page = target.page();
  await Promise.all([
    page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() }),
    target.click(),
  ]);
  await page.waitForLoadState('load');
}

/** Opens the first card naming `merchant`; returns its break's id. */
export async function openBreak(page: Page, merchant: string): Promise<string> {
  await follow(cards(page).filter({ hasText: merchant }).locator('a').first());
  expect(new URL(page.url()).pathname).toBe('/pendencia');
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/** Page-level sideways overflow in px (0 or less: none). */
export async function overflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}
