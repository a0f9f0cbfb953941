/** The provider client's requests and operations (auth, paths, dates, ids, shapes) against a fake fetch. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidRequestError } from '../../../lambdas/core/provider/errors';
import { routes } from './fake-fetch';
import { BIG_ID, CREDENTIALS, setup, WEBHOOK_REGISTRATION } from './harness';

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends Basic auth of email:token and JSON headers, under the base path', async () => {
    const { client, requests } = setup(() => ({ body: [{ id: 35176, nome: 'Vendas' }] }));
    await client.listConfigurations();
    const [request] = requests;
    expect(request?.url.href).toBe('https://provider.test/api/retornos/configuracoes');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CREDENTIALS.email}:${CREDENTIALS.apiToken}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('takes a limiter slot before every attempt, retries included, and reports each attempt', async () => {
    const { client, requests, limiter, infos } = setup((_, index) =>
      index < 2 ? { status: 503 } : { body: [{ id: 35177, nome: 'Financeiro' }] },
    );
    await client.listConfigurations();
    expect(requests).toHaveLength(3);
    expect(limiter.acquired).toBe(3);
    expect(infos).toEqual([
      { operation: 'listConfigurations', attempt: 1, status: 503, error: 'ProviderHttpError' },
      { operation: 'listConfigurations', attempt: 2, status: 503, error: 'ProviderHttpError' },
      { operation: 'listConfigurations', attempt: 3, status: 200 },
    ]);
  });
});

describe('operations', () => {
  it('listConfigurations returns numeric ids and names', async () => {
    const { client } = setup(() => ({
      body: '[{"id":35176,"nome":"Vendas"},{"id":35177,"nome":"Financeiro"}]',
    }));
    expect(await client.listConfigurations()).toEqual([
      { id: 35176, nome: 'Vendas' },
      { id: 35177, nome: 'Financeiro' },
    ]);
  });

  it('generate posts dd/MM/yyyy dates and returns the 64-bit id exactly', async () => {
    const { client, requests } = setup(
      routes({
        'GET /api/retornos': { body: [] },
        'POST /api/retornos/geracao': { body: `{"id": ${BIG_ID}}` },
      }),
    );
    const result = await client.generate({ configurationId: 35176, from: '2025-01-01', to: '2025-01-31' });
    expect(result).toEqual({ reportId: BIG_ID });
    const post = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      idMovFinanCfg: 35176,
      dataMovimentacaoInicial: '01/01/2025',
      dataMovimentacaoFinal: '31/01/2025',
    });
  });

  it('generate refuses a period over 30 days or backwards before sending anything', async () => {
    const { client, requests } = setup(() => ({ body: {} }));
    await expect(
      client.generate({ configurationId: 35176, from: '2025-01-01', to: '2025-02-01' }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(
      client.generate({ configurationId: 35176, from: '2025-01-02', to: '2025-01-01' }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    expect(requests).toHaveLength(0);
  });

  it('getReport accepts a single object or an array and normalizes absent fields to null', async () => {
    const single = setup(() => ({
      body: `{"id":${BIG_ID},"situacao":"EM_PROCESSAMENTO","tipoRemessa":"Vendas"}`,
    }));
    expect(await single.client.getReport(BIG_ID)).toEqual({
      id: BIG_ID,
      situacao: 'EM_PROCESSAMENTO',
      tipoRemessa: 'Vendas',
      quantidadePaginas: null,
    });
    expect(single.requests[0]?.url.search).toBe(`?id=${BIG_ID}`);
    const array = setup(() => ({
      body: `[{"id":${BIG_ID},"situacao":"CONCLUIDO","tipoRemessa":null,"quantidadePaginas":3}]`,
    }));
    expect(await array.client.getReport(BIG_ID)).toMatchObject({
      situacao: 'CONCLUIDO',
      quantidadePaginas: 3,
    });
  });

  it('getReport returns undefined for an unknown report (404 or empty list)', async () => {
    expect(
      await setup(() => ({ status: 404, body: { mensagem: 'remessa inexistente' } })).client.getReport('1'),
    ).toBe(undefined);
    expect(await setup(() => ({ body: [] })).client.getReport('1')).toBe(undefined);
  });

  it('listReports sends the generation-date filter as dd/MM/yyyy and always returns an array', async () => {
    const { client, requests } = setup(() => ({ body: `{"id":${BIG_ID},"situacao":"ERRO"}` }));
    const reports = await client.listReports({
      generatedFrom: '2026-03-01',
      generatedTo: '2026-03-10',
      state: 'ERRO',
    });
    expect(reports.map((r) => r.id)).toEqual([BIG_ID]);
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({
      dataGeracaoInicial: '01/03/2026',
      dataGeracaoFinal: '10/03/2026',
      situacao: 'ERRO',
    });
  });

  it('downloadPage sends the id as a bare integer and keeps records as received', async () => {
    const body = `{"id":${BIG_ID},"pagina":2,"registros":{"registro":[
      {"TipoRegistro":"A1","vlLiquido":"12,34","dtVencimento":20250115,"EXTRA":"kept"},
      "garbage", null, [1]
    ]}}`;
    const { client, requests } = setup(() => ({ body }));
    const page = await client.downloadPage(BIG_ID, 2);
    expect(requests[0]?.body).toBe(`{"id":${BIG_ID},"pagina":2}`);
    expect(page).toEqual({
      reportId: BIG_ID,
      page: 2,
      records: [{ TipoRegistro: 'A1', vlLiquido: '12,34', dtVencimento: 20250115, EXTRA: 'kept' }],
      malformed: ['garbage', null, [1]],
      pastLastPage: false,
    });
  });

  it.each([
    ['absent', `{"id":${BIG_ID},"pagina":9}`],
    ['null', `{"id":${BIG_ID},"pagina":9,"registros":{"registro":null}}`],
    ['empty', `{"id":${BIG_ID},"pagina":9,"registros":{"registro":[]}}`],
    ['without registros', `{"id":${BIG_ID},"pagina":9,"registros":null}`],
  ])('downloadPage marks the page past the last when registro is %s', async (_, body) => {
    const page = await setup(() => ({ body })).client.downloadPage(BIG_ID, 9);
    expect(page).toMatchObject({ records: [], malformed: [], pastLastPage: true });
  });

  it('deleteReport sends DELETE /retornos/{id}', async () => {
    const { client, requests } = setup(() => ({ status: 204 }));
    await client.deleteReport(BIG_ID);
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`DELETE /api/retornos/${BIG_ID}`]);
  });

  it('refuses report ids that are not decimal integers before sending', async () => {
    const { client, requests } = setup(() => ({ body: {} }));
    await expect(client.downloadPage('12a', 1)).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(client.deleteReport('../x')).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(client.downloadPage('12', 0)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(requests).toHaveLength(0);
  });

  it('manages webhooks: list, create, update (empty answer), delete', async () => {
    const registration = WEBHOOK_REGISTRATION;
    const { client, requests } = setup(
      routes({
        'GET /api/webhooks': { body: [{ id: 7, endpoint: registration.endpoint, flagAtivo: 1 }] },
        'POST /api/webhooks': { status: 201, body: { id: 8, endpoint: registration.endpoint } },
        'PUT /api/webhooks/8': { status: 204 },
        'DELETE /api/webhooks/8': { status: 204 },
      }),
    );
    expect(await client.listWebhooks()).toEqual([{ id: '7', endpoint: registration.endpoint, flagAtivo: 1 }]);
    expect(await client.createWebhook(registration)).toEqual({ id: '8', endpoint: registration.endpoint });
    expect(JSON.parse(requests.find((r) => r.method === 'POST')?.body ?? '')).toEqual(registration);
    const updated = await client.updateWebhook('8', { ...registration, flagAtivo: 0 });
    expect(updated).toMatchObject({ id: '8', flagAtivo: 0 });
    expect(updated).not.toHaveProperty('hmac');
    await client.deleteWebhook('8');
    expect(requests.at(-1)?.method).toBe('DELETE');
  });
});
