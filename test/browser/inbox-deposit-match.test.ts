/**
 * Matching a credit by hand in the web inbox, in a real Chromium: an unexplained credit's page offers
 * the missing deposits of its bank account (not another account's); matched, the credit's break reads
 * matched, and one undo takes it back. A deposit of another account is refused with what was typed
 * kept and nothing written.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { matchDeposits } from '../../lambdas/core/deposits/match';
import { depositIdentity } from '../../lambdas/core/deposits/result-identity';
import type { DepositResult } from '../../lambdas/core/deposits/types';
import { storeDepositResults } from '../support/data-dir-lake';
import { bankCredit, depositsConfig, expectedDeposit } from '../support/deposits';
import { inboxInChromium } from '../support/inbox-chromium';
import { decisionForm, follow } from '../support/inbox-pages';
import { AS_OF, seedDataDir } from '../support/inbox-world';

const OTHER_ACCOUNT = '1/2/3';
// A Cielo deposit missing on each of two accounts, and a credit the week before, memo naming nobody.
const RESULTS = matchDeposits({
  expected: [
    expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 700_00 }),
    expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 80_00, bankAccount: OTHER_ACCOUNT }),
  ],
  credits: [bankCredit({ postedDate: '2025-03-28', amountCents: 700_00, identity: 'ted', memo: 'TED' })],
  asOf: AS_OF,
  config: depositsConfig(),
});
const idOf = (found: (r: DepositResult) => boolean) => depositIdentity(RESULTS.find(found) as DepositResult);
const CREDIT = idOf((r) => r.status === 'UNEXPLAINED_CREDIT');
const DEPOSIT = idOf((r) => r.paymentDate !== null && r.bankAccount !== OTHER_ACCOUNT);
const ELSEWHERE = idOf((r) => r.bankAccount === OTHER_ACCOUNT);

const inbox = inboxInChromium(async () => {
  const dataDir = await seedDataDir();
  await storeDepositResults(dataDir, RESULTS, { from: '2025-03-01', to: AS_OF });
  return dataDir;
});

async function creditPage(): Promise<Page> {
  const page = await (await inbox.browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  expect((await page.goto(inbox.ana.link()))?.status()).toBe(200);
  await page.goto(`${inbox.ana.url}/pendencia?id=${encodeURIComponent(CREDIT)}`);
  return page;
}

async function fill(page: Page, to: string, note: string) {
  const form = decisionForm(page, 'match');
  await form.locator('input[name=to]').fill(to);
  await form.locator('input[name=reason]').fill('TED da Cielo');
  await form.locator('textarea[name=note]').fill(note);
  await follow(form.locator('button'));
}

describe('matching a credit by hand in the inbox', () => {
  it('offers the missing deposits of its account, matches the credit and undoes it', async () => {
    const page = await creditPage();
    const offered = await decisionForm(page, 'match')
      .locator('datalist option')
      .evaluateAll((o) => o.map((e) => e.getAttribute('value')));
    expect(offered).toEqual([DEPOSIT]);
    await fill(page, DEPOSIT, 'conferido no extrato');
    expect(await page.locator('h1 .badge').textContent()).toBe('Conciliada à mão');
    expect((await inbox.breaks.show(CREDIT, AS_OF))?.view).toMatchObject({
      status: 'MATCHED',
      decision: { matchedTo: DEPOSIT },
    });

    await follow(decisionForm(page, 'undo').locator('button'));
    expect((await inbox.breaks.show(CREDIT, AS_OF))?.view).toMatchObject({
      kind: 'UNEXPLAINED_CREDIT',
      decision: null,
    });
  });

  it('refuses a deposit of another account, with what was typed kept and nothing written', async () => {
    const page = await creditPage();
    const version = (await inbox.breaks.show(CREDIT, AS_OF))?.view.version;
    const answer = page.waitForResponse((r) => r.url().endsWith('/decidir'));
    await fill(page, ELSEWHERE, 'nota mantida');
    expect((await answer).status()).toBe(422);
    expect(await decisionForm(page, 'match').locator('textarea[name=note]').inputValue()).toBe(
      'nota mantida',
    );
    expect((await inbox.breaks.show(CREDIT, AS_OF))?.view.version).toBe(version);
  });
});
