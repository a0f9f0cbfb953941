/**
 * The web inbox in a real Chromium (Debian's, driven by playwright-core as the report's tests are),
 * against a small local data directory: signing in by the printed link only, the list filtered,
 * a break treated, accepted and undone and still so after a reload, a bulk accept, a viewer's POST
 * refused by the server, two people deciding on one break at once, markup from a note and from a
 * provider's merchant name shown as text, 360 px without sideways scrolling, and the CSV read back.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Breaks } from '../../lambdas/core/breaks/service';
import { csvHeader } from '../../lambdas/core/inbox/csv';
import { cards, decisionForm, follow, openBreak, overflow } from '../support/inbox-pages';
import { AS_OF, HOSTILE_MERCHANT, openBreaks, type Served, seedDataDir, serve } from '../support/inbox-world';

const CHROMIUM = process.env.RECON_CHROMIUM ?? '/usr/bin/chromium';
const MAX_PAGE_BYTES = 200 * 1024;

let browser: Browser;
let breaks: Breaks;
let closeStores: () => Promise<void>;
let ana: Served;
let bia: Served;
let carla: Served;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set RECON_CHROMIUM)`);
  }
  const opened = await openBreaks(await seedDataDir());
  breaks = opened.breaks;
  closeStores = opened.close;
  [ana, bia, carla] = await Promise.all([
    serve(opened, { name: 'ana', canDecide: true }),
    serve(opened, { name: 'bia', canDecide: true }),
    serve(opened, { name: 'carla', canDecide: false }),
  ]);
  browser = await chromium.launch({ executablePath: CHROMIUM });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([ana, bia, carla].map((s) => s?.close()));
  await closeStores?.();
});

/** A browser (its own cookies) signed in through a fresh printed link. */
async function signedIn(server: Served, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  const answer = await page.goto(server.link());
  expect(answer?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/');
  return page;
}

describe('the inbox signs in only through the printed link', () => {
  it('refuses every page without a session, a bad token and a spent one', async () => {
    for (const path of ['/', '/csv', `/pendencia?id=r:x`, '/nada']) {
      expect((await fetch(`${ana.url}${path}`)).status, path).toBe(401);
    }
    const post = await fetch(`${ana.url}/decidir`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'id=r:x&action=undo&expected=0',
    });
    expect(post.status).toBe(401);
    expect((await fetch(`${ana.url}/entrar?token=forged`, { redirect: 'manual' })).status).toBe(401);
    const link = ana.link();
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('set-cookie')).toMatch(
      /^recon_inbox=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\//,
    );
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
  });

  it("keeps the cookie away from the page's scripts and ends the session on sign-out", async () => {
    const page = await signedIn(ana);
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'recon_inbox', httpOnly: true, sameSite: 'Strict' });
    await follow(page.getByRole('button', { name: 'Sair' }));
    expect(await page.textContent('main')).toContain('Você saiu');
    expect((await page.goto(`${ana.url}/`))?.status()).toBe(401);
  });
});

describe('an operator works the list', () => {
  it('filters, marks new ones, totals what the filter shows, and stays under 200 KB', async () => {
    const page = await signedIn(ana);
    expect(await cards(page).count()).toBe(5);
    expect(await page.textContent('#totals')).toBe('5 pendências, R$ 70,17');
    // Largest money first; the ones first seen on the day read are marked new.
    expect(await page.locator('ul.breaks .money').allTextContents()).toEqual([
      'R$ 50,00',
      'R$ 10,00',
      'R$ 10,00',
      'R$ 0,10',
      'R$ 0,07',
    ]);
    expect(await page.locator('ul.breaks .badge.NEW').count()).toBe(3);
    await page.selectOption('select[name=tipo]', 'PAID_SHORT');
    await page.fill('input[name=valor_max]', '10');
    await follow(page.getByRole('button', { name: 'Filtrar' }));
    expect(await cards(page).count()).toBe(3);
    expect(await page.textContent('#totals')).toBe('3 pendências, R$ 10,17');
    const body = await (await page.request.get(`${ana.url}/`)).body();
    expect(body.length).toBeLessThan(MAX_PAGE_BYTES);
  });

  it('treats, accepts and undoes a break, and a reload shows each decision kept', async () => {
    const page = await signedIn(ana);
    const id = await openBreak(page, 'EC2');
    expect(await page.textContent('main')).toContain('pagou esta parcela, mas menos do que o previsto');
    const facts = await page.textContent('main dl');
    expect(facts).toMatch(/Previsto\s*R\$ 500,00/);
    expect(facts).toMatch(/Recebido\s*R\$ 450,00/);
    expect(facts).toMatch(/Em jogo\s*R\$ 50,00/);
    await decisionForm(page, 'treat').locator('textarea[name=note]').fill('cobrar da adquirente');
    await decisionForm(page, 'treat').locator('input[name=ticket]').fill('CH-1');
    await decisionForm(page, 'treat').locator('input[name=assignee]').fill('ana');
    await follow(decisionForm(page, 'treat').getByRole('button'));
    expect(await page.textContent('.flash')).toBe('Decisão gravada.');
    await decisionForm(page, 'accept').locator('select[name=reason]').selectOption('acordo-com-adquirente');
    await decisionForm(page, 'accept').locator('textarea[name=note]').fill('acordado por telefone');
    await follow(decisionForm(page, 'accept').getByRole('button'));
    await page.reload();
    expect(await page.textContent('h1 .badge')).toBe('Aceita');
    await follow(decisionForm(page, 'undo').getByRole('button'));
    await page.reload();
    expect(await page.textContent('h1 .badge')).toBe('Em tratativa');
    const rows = page.locator('#history tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(2).textContent()).toMatch(/ana.*desfeito #2.*Aceita → Em tratativa/s);
    // What the page shows is what the service keeps: three events under the session's name.
    expect((await breaks.history(id)).map((e) => [e.actor, e.action])).toEqual([
      ['ana', 'treat'],
      ['ana', 'accept'],
      ['ana', 'undo'],
    ]);
    expect(await breaks.verify()).toMatchObject({ problems: [] });
  });

  it('shows the records behind a break: its forecast and payment with their dates and amounts', async () => {
    const page = await signedIn(ana);
    await page.goto(`${ana.url}/?situacao=todas`);
    await openBreak(page, 'EC2');
    expect(await page.locator('main h2', { hasText: 'Registros' }).count()).toBe(1);
    expect(await page.textContent('main')).toContain('Vencimento 01/04/2025');
    const rows = page.locator('#records tbody tr');
    expect(await rows.count()).toBe(2);
    const cells = (n: number) => rows.nth(n).locator('td').allTextContents();
    expect(await cells(0)).toEqual(['Previsão', '—', '—', 'R$ 500,00', '']);
    expect(await cells(1)).toEqual(['Pagamento', '01/04/2025', '—', 'R$ 450,00', '']);
  });

  it('accepts a selection with one reason', async () => {
    const page = await signedIn(ana);
    await page.selectOption('select[name=tipo]', 'PAID_SHORT');
    await page.fill('input[name=valor_max]', '0,10');
    await follow(page.getByRole('button', { name: 'Filtrar' }));
    expect(await cards(page).count()).toBe(2);
    for (const box of await page.locator('input[name=sel]').all()) await box.check();
    await page.selectOption('#bulk select[name=reason]', 'arredondamento');
    await page.fill('#bulk input[name=note]', 'centavos');
    await follow(page.getByRole('button', { name: 'Aceitar as selecionadas' }));
    expect(await page.textContent('.flash')).toBe('2 pendências aceitas');
    expect(await cards(page).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('valor_max')).toBe('0,10');
    const accepted = (await breaks.list(AS_OF)).filter((b) => b.status === 'ACCEPTED');
    expect(accepted.map((b) => b.decision?.reason)).toEqual(['arredondamento', 'arredondamento']);
  });

  it('assigns a selection to one person in one action', async () => {
    const page = await signedIn(ana);
    // ACQ1's two breaks, whatever the tests above decided on them (the other tests use other ones).
    await page.goto(`${ana.url}/?situacao=todas&adquirente=ACQ1`);
    const ticked = await cards(page).count();
    expect(ticked).toBe(2);
    for (const box of await page.locator('input[name=sel]').all()) await box.check();
    await page.fill('#bulk input[name=note]', 'cobrar da adquirente');
    await page.fill('#bulk input[name=assignee]', 'bia');
    await follow(page.getByRole('button', { name: 'Atribuir as selecionadas' }));
    expect(await page.textContent('.flash')).toBe(`${ticked} pendências atribuídas`);
    expect(new URL(page.url()).searchParams.get('adquirente')).toBe('ACQ1');
    const assigned = (await breaks.list(AS_OF)).filter((b) => b.decision?.assignee === 'bia');
    expect(assigned).toHaveLength(ticked);
    expect(assigned.every((b) => b.status === 'IN_TREATMENT' && b.subject.acquirer === 'ACQ1')).toBe(true);
  });
});

describe('the server, not the page, decides who may act', () => {
  it("refuses a viewer's POST even with the session's own CSRF token, and shows no forms", async () => {
    const page = await signedIn(carla);
    const id = await openBreak(page, 'EC3');
    expect(await page.locator('form[action="/decidir"]').count()).toBe(0);
    const csrf = await page.inputValue('header input[name=csrf]');
    const answer = await page.request.post(`${carla.url}/decidir`, {
      form: { csrf, id, expected: '0', action: 'treat', note: 'tentativa' },
    });
    expect(answer.status()).toBe(403);
    expect(await breaks.history(id)).toEqual([]);
  });

  it("refuses an operator's POST without the session's CSRF token", async () => {
    const page = await signedIn(ana);
    const id = await openBreak(page, 'EC3');
    const answer = await page.request.post(`${ana.url}/decidir`, {
      form: { csrf: 'x'.repeat(43), id, expected: '0', action: 'treat', note: 'forjado' },
    });
    expect(answer.status()).toBe(403);
    expect(await breaks.history(id)).toEqual([]);
  });

  it('tells the second of two people deciding at once that the break changed, keeping what they typed', async () => {
    const [first, second] = await Promise.all([signedIn(ana), signedIn(bia)]);
    // The paid-over one: the tests above refused every decision on it, so it is undecided.
    const id = await openBreak(first, 'EC3');
    await openBreak(second, 'EC3');
    await decisionForm(first, 'treat').locator('textarea[name=note]').fill('ligar para a adquirente');
    await decisionForm(second, 'accept').locator('textarea[name=note]').fill('nota da bia');
    await follow(decisionForm(first, 'treat').getByRole('button'));
    const [refused] = await Promise.all([
      second.waitForResponse((r) => r.url().endsWith('/decidir')),
      follow(decisionForm(second, 'accept').getByRole('button')),
    ]);
    expect(refused.status()).toBe(409);
    expect(await second.textContent('.flash')).toContain('A pendência mudou');
    expect(await second.textContent('h1 .badge')).toBe('Em tratativa');
    expect(await decisionForm(second, 'accept').locator('textarea[name=note]').inputValue()).toBe(
      'nota da bia',
    );
    expect((await breaks.history(id)).map((e) => e.actor)).toEqual(['ana']);
    // Sent again on what it now sees, the decision goes through.
    await follow(decisionForm(second, 'accept').getByRole('button'));
    expect(await second.textContent('.flash')).toBe('Decisão gravada.');
    expect((await breaks.history(id)).map((e) => e.actor)).toEqual(['ana', 'bia']);
  });
});

describe('what the inbox shows cannot run', () => {
  it('renders markup from a note and from a provider field as text', async () => {
    const page = await signedIn(ana);
    const payload = '<script>document.title="pwned"</script><img src=x onerror="document.title=\'pwned\'">';
    const id = await openBreak(page, 'EC9');
    await decisionForm(page, 'treat').locator('textarea[name=note]').fill(payload);
    await follow(decisionForm(page, 'treat').getByRole('button'));
    await page.reload();
    expect(await page.textContent('#history')).toContain(payload);
    expect(await page.textContent('main dl')).toContain(HOSTILE_MERCHANT);
    expect(await page.locator('main img, main script').count()).toBe(0);
    await page.goto(`${ana.url}/?situacao=todas`);
    expect(await page.textContent('main')).toContain(HOSTILE_MERCHANT);
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(await page.title()).not.toBe('pwned');
    expect((await breaks.history(id))[0]?.after?.note).toBe(payload);
  });
});

describe('on a phone and in a spreadsheet', () => {
  it('fits 360 px without sideways scrolling, list and break alike', async () => {
    const page = await signedIn(ana, 360);
    await page.goto(`${ana.url}/?situacao=todas`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await openBreak(page, 'EC2');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it('downloads the filtered list as a pt-BR Excel CSV and reads it back', async () => {
    const page = await signedIn(ana);
    await page.goto(`${ana.url}/?situacao=todas&adquirente=ACQ2`);
    const shown = await cards(page).count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByText('Baixar CSV').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`pendencias-${AS_OF}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = text
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(header).toEqual(csvHeader('pt-BR'));
    expect(rows).toHaveLength(shown);
    const column = (name: string) => rows.map((r) => r[header?.indexOf(name) ?? -1]);
    expect(column('Adquirente').every((a) => a === 'ACQ2')).toBe(true);
    expect(column('Em jogo')).toContain('50,00');
    expect(column('Venda')).toContain('01/03/2025');
  });
});
