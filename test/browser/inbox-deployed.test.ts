/**
 * The deployed inbox's gate in a real Chromium: the inbox Lambda's own function behind a local HTTP
 * adapter that builds the HTTP API's events (test/support/deployed-inbox.ts), Cognito's verifier
 * trusting keys the test generates, the managed login played by the test. Without a session the
 * browser is sent to the login; a forged token opens nothing; an operator who signed in sees the
 * list and decides; a viewer's decision and a form without its CSRF token are refused by the server.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../lambdas/core/sign-in/cookies';
import { CLIENT, idClaims, keyPair, signToken } from '../support/cognito-keys';
import { type DeployedInbox, serveDeployedInbox } from '../support/deployed-inbox';
import { cards, decisionForm, follow } from '../support/inbox-pages';
import { type BreaksWorld, openBreaks, seedDataDir } from '../support/inbox-world';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const poolKey = keyPair('pool-key');
const VIEWER = { email: 'bia@empresa.com.br', 'cognito:groups': ['viewers'] };

let browser: Browser;
let world: BreaksWorld & { close(): Promise<void> };
let inbox: DeployedInbox;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
  world = await openBreaks(await seedDataDir());
  inbox = await serveDeployedInbox(world, poolKey);
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
  await inbox?.close();
  await world?.close();
});

/** A browser of its own (its own cookies); at the login, `claims` sign in, or nobody (its page stays). */
async function browserAt(claims: Record<string, unknown> | undefined): Promise<Page> {
  inbox.signsIn(claims);
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

async function signedIn(claims: Record<string, unknown>): Promise<Page> {
  const page = await browserAt(idClaims(claims));
  const answer = await page.goto(`${inbox.url}/`);
  expect(answer?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/');
  return page;
}

async function firstBreak(page: Page): Promise<string> {
  await follow(cards(page).locator('a').first());
  return new URL(page.url()).searchParams.get('id') ?? '';
}

describe('the deployed inbox in Chromium', () => {
  it('sends a browser without a session to the managed login, with PKCE, and refuses its POST', async () => {
    const page = await browserAt(undefined);
    await page.goto(`${inbox.url}/`);
    const login = new URL(page.url());
    expect(`${login.origin}${login.pathname}`).toBe(`${inbox.loginUrl}/oauth2/authorize`);
    expect(login.searchParams.get('client_id')).toBe(CLIENT);
    expect(login.searchParams.get('redirect_uri')).toBe(`${inbox.url}/auth/callback`);
    expect(login.searchParams.get('code_challenge_method')).toBe('S256');
    expect(await page.textContent('body')).toBe('login');
    const post = await page.request.post(`${inbox.url}/decidir`, { form: { id: 'r:x', action: 'undo' } });
    expect(post.status()).toBe(401);
  });

  it('opens nothing with a token signed by another key', async () => {
    const page = await browserAt(undefined);
    const forged = signToken(idClaims(), keyPair('not-the-pool'));
    await page.context().setExtraHTTPHeaders({ Cookie: `${SESSION_COOKIE}=${forged}` });
    await page.goto(`${inbox.url}/`);
    expect(page.url().startsWith(`${inbox.loginUrl}/oauth2/authorize`)).toBe(true);
    const post = await page.request.post(`${inbox.url}/decidir`, { form: { id: 'r:x', action: 'undo' } });
    expect(post.status()).toBe(401);
  });

  it('signs an operator in through the code flow to the list, and records the decision under their e-mail', async () => {
    const page = await signedIn({});
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(await page.textContent('header')).toContain('ana@empresa.com.br (operador)');
    const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    const id = await firstBreak(page);
    await decisionForm(page, 'treat').locator('textarea[name=note]').fill('ligar');
    await follow(decisionForm(page, 'treat').locator('button'));
    expect(await page.textContent('.flash')).toBe('Decisão gravada.');
    expect((await world.breaks.history(id)).map((e) => e.actor)).toEqual(['ana@empresa.com.br']);
  });

  it("refuses a viewer's decision on the server (403), with the session's own CSRF token", async () => {
    const page = await signedIn(VIEWER);
    expect(await page.textContent('header')).toContain('bia@empresa.com.br (somente leitura)');
    const id = await firstBreak(page);
    expect(await page.locator('form[action="/decidir"]').count()).toBe(0);
    const before = (await world.breaks.history(id)).length;
    const csrf = await page.inputValue('header input[name=csrf]');
    const answer = await page.request.post(`${inbox.url}/decidir`, {
      form: { csrf, id, expected: String(before), action: 'treat', note: 'tentativa' },
    });
    expect(answer.status()).toBe(403);
    expect(await world.breaks.history(id)).toHaveLength(before);
  });

  it("refuses an operator's form without the session's CSRF token (403), nothing written", async () => {
    const page = await signedIn({});
    const id = await firstBreak(page);
    const before = (await world.breaks.history(id)).length;
    for (const csrf of [undefined, 'x'.repeat(43)]) {
      const form = {
        id,
        expected: String(before),
        action: 'treat',
        note: 'forjado',
        ...(csrf ? { csrf } : {}),
      };
      const answer = await page.request.post(`${inbox.url}/decidir`, { form });
      expect(answer.status()).toBe(403);
    }
    expect(await world.breaks.history(id)).toHaveLength(before);
  });
});
