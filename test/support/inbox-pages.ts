/** How the inbox's browser tests find their way on its pages: the cards, a decision's form, a break. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const cards = (page: Page) => page.locator('ul.breaks li');

export const decisionForm = (page: Page, action: string) =>
  page.locator(`form:has(input[name=action][value=${action}])`);

/** Opens the first card naming `merchant`; returns its break's id. */
export async function openBreak(page: Page, merchant: string): Promise<string> {
  await cards(page).filter({ hasText: merchant }).locator('a').first().click();
  expect(new URL(page.url()).pathname).toBe('/pendencia');
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/** Page-level sideways overflow in px (0 or less: none). */
export async function overflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}
