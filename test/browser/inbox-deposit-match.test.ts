/**
 * Matching a credit by hand in the web inbox, in a real Chromium: an unexplained credit's page offers
 * the missing deposits of its bank account (not another account's); matched, the credit's break reads
 * matched, and one undo takes it back. A deposit of another account is refused with what was typed
 * kept and nothing written.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, LOCAL_BUCKET } from '../../cli/runner/data-dir';
import type { Breaks } from '../../lambdas/core/breaks/service';
import { matchDeposits } from '../../lambdas/core/deposits/match';
import { depositIdentity } from '../../lambdas/core/deposits/result-identity';
import { writeDepositResults } from '../../lambdas/core/deposits/results-lake';
import type { DepositResult } from '../../lambdas/core/deposits/types';
import { startLocalS3 } from '../../local/aws/s3';
import { bankCredit, depositsConfig, expectedDeposit } from '../support/deposits';
import { decisionForm } from '../support/inbox-pages';
import { AS_OF, openBreaks, type Served, seedDataDir, serve } from '../support/inbox-world';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
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

let browser: Browser;
let breaks: Breaks;
let closeStores: () => Promise<void>;
let ana: Served;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
  }
  const dataDir = await seedDataDir();
  const s3 = await startLocalS3({ directory: dataPaths(dataDir, 'sandbox').s3, bucket: LOCAL_BUCKET });
  try {
    await writeDepositResults(s3.client, LOCAL_BUCKET, RESULTS, { from: '2025-03-01', to: AS_OF }, AS_OF);
  } finally {
    await s3.close();
  }
  const opened = await openBreaks(dataDir);
  breaks = opened.breaks;
  closeStores = opened.close;
  ana = await serve(opened, { name: 'ana', canDecide: true });
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
  await ana?.close();
  await closeStores?.();
});

async function creditPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  expect((await page.goto(ana.link()))?.status()).toBe(200);
  await page.goto(`${ana.url}/pendencia?id=${encodeURIComponent(CREDIT)}`);
  return page;
}

async function fill(page: Page, to: string, note: string) {
  const form = decisionForm(page, 'match');
  await form.locator('input[name=to]').fill(to);
  await form.locator('input[name=reason]').fill('TED da Cielo');
  await form.locator('textarea[name=note]').fill(note);
  await form.locator('button').click();
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
    expect((await breaks.show(CREDIT, AS_OF))?.view).toMatchObject({
      status: 'MATCHED',
      decision: { matchedTo: DEPOSIT },
    });

    await decisionForm(page, 'undo').locator('button').click();
    expect((await breaks.show(CREDIT, AS_OF))?.view).toMatchObject({
      kind: 'UNEXPLAINED_CREDIT',
      decision: null,
    });
  });

  it('refuses a deposit of another account, with what was typed kept and nothing written', async () => {
    const page = await creditPage();
    const version = (await breaks.show(CREDIT, AS_OF))?.view.version;
    const answer = page.waitForResponse((r) => r.url().endsWith('/decidir'));
    await fill(page, ELSEWHERE, 'nota mantida');
    expect((await answer).status()).toBe(422);
    expect(await decisionForm(page, 'match').locator('textarea[name=note]').inputValue()).toBe(
      'nota mantida',
    );
    expect((await breaks.show(CREDIT, AS_OF))?.view.version).toBe(version);
  });
});
