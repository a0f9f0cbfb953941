/**
 * Matching by hand in the web inbox, in a real Chromium: an unexpected payment's page offers the
 * late forecasts of its acquirer and merchant; matched, the payment leaves the morning list and the
 * forecast is paid (the receivables as the data would have said it); after a reload it is still so,
 * and one undo gives both breaks back as they were.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BreakView } from '../../lambdas/core/breaks/status';
import { matchKeyOf } from '../../lambdas/core/receivables/matcher';
import { inboxInChromium } from '../support/inbox-chromium';
import { decisionForm, follow } from '../support/inbox-pages';
import { AS_OF, config, MISTYPED, seedDataDir } from '../support/inbox-world';

const inbox = inboxInChromium(() => seedDataDir({ mistyped: true }));

const keyOf = (fields: object) => matchKeyOf(fields, config) ?? '';
const paymentBreak = `r:${keyOf(MISTYPED.payment)}`;
const forecastBreak = `r:${keyOf(MISTYPED.forecast)}`;

/** The morning list's breaks of the mistyped pair, by id. */
async function pair(): Promise<Map<string, BreakView>> {
  const listed = await inbox.breaks.list(AS_OF);
  return new Map(listed.filter((b) => [paymentBreak, forecastBreak].includes(b.id)).map((b) => [b.id, b]));
}

async function signedIn(): Promise<Page> {
  const page = await (await inbox.browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  expect((await page.goto(inbox.ana.link()))?.status()).toBe(200);
  return page;
}

describe('matching by hand in the inbox', () => {
  it('links the unexpected payment to the late forecast it pays, keeps it on reload, and undoes it', async () => {
    const before = await pair();
    expect(before.get(paymentBreak)).toMatchObject({ kind: 'UNEXPECTED', stakeCents: MISTYPED.cents });
    expect(before.get(forecastBreak)).toMatchObject({ kind: 'LATE', stakeCents: MISTYPED.cents });

    const page = await signedIn();
    await page.goto(`${inbox.ana.url}/pendencia?id=${encodeURIComponent(paymentBreak)}`);
    const form = decisionForm(page, 'match');
    // The late forecast of the same acquirer and merchant is offered, and only it.
    const offered = await form
      .locator('datalist option')
      .evaluateAll((o) => o.map((e) => e.getAttribute('value')));
    expect(offered).toEqual([forecastBreak.slice(2)]);
    await form.locator('input[name=to]').fill(String(offered[0]));
    await form.locator('input[name=reason]').fill('NSU digitado errado pela adquirente');
    await form.locator('textarea[name=note]').fill('confirmado no extrato da adquirente');
    await follow(form.locator('button'));
    expect(await page.locator('h1 .badge').textContent()).toBe('Conciliada à mão');

    // Both leave what needs action: the payment is matched, the forecast is paid by it.
    const matched = await pair();
    expect(matched.get(paymentBreak)?.status).toBe('MATCHED');
    expect(matched.get(forecastBreak)?.status ?? 'RESOLVED').toBe('RESOLVED');
    await page.reload();
    expect(await page.locator('h1 .badge').textContent()).toBe('Conciliada à mão');

    await follow(decisionForm(page, 'undo').locator('button'));
    const undone = await pair();
    expect(undone.get(paymentBreak)).toMatchObject({ kind: 'UNEXPECTED', stakeCents: MISTYPED.cents });
    expect(undone.get(forecastBreak)).toMatchObject({ kind: 'LATE', stakeCents: MISTYPED.cents });
  });

  it('refuses a forecast of another merchant, with what was typed kept and nothing written', async () => {
    const page = await signedIn();
    await page.goto(`${inbox.ana.url}/pendencia?id=${encodeURIComponent(paymentBreak)}`);
    const version = await inbox.breaks.show(paymentBreak, AS_OF).then((s) => s?.view.version);
    const form = decisionForm(page, 'match');
    const other = keyOf({ ...MISTYPED.forecast, merchant: 'EC-OUTRO' });
    await form.locator('input[name=to]').fill(other);
    await form.locator('input[name=reason]').fill('teste');
    await form.locator('textarea[name=note]').fill('nota mantida');
    const answer = page.waitForResponse((r) => r.url().endsWith('/decidir'));
    await follow(form.locator('button'));
    expect((await answer).status()).toBe(422);
    expect(await decisionForm(page, 'match').locator('textarea[name=note]').inputValue()).toBe(
      'nota mantida',
    );
    expect((await inbox.breaks.show(paymentBreak, AS_OF))?.view.version).toBe(version);
  });
});
