import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate, toProviderDate } from '../../../lambdas/core/calendar';
import { CONFIGURATIONS, type Simulator, startSimulator } from '../../../local/simulator';
import { clientFor, downloadAll, registros, type SimClient } from './client';

const SALES = CONFIGURATIONS.sandbox.sales;
const FINANCIAL = CONFIGURATIONS.sandbox.financial;

describe('simulator, sandbox', () => {
  let sim: Simulator;
  let client: SimClient;
  beforeAll(async () => {
    sim = await startSimulator({ mode: 'sandbox', ratePerSecond: 100_000 });
    client = clientFor(sim);
  });
  afterAll(() => sim.close());

  it('refuses requests without the right Basic credentials', async () => {
    const wrong = clientFor(sim, { email: sim.credentials.email, apiToken: 'nope' });
    const res = await wrong.call('GET', '/retornos/configuracoes');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ mensagem: expect.any(String) });
    const none = await fetch(`${sim.url}/retornos/configuracoes`);
    expect(none.status).toBe(401);
  });

  it('lists the fixed sandbox configurations', async () => {
    const res = await client.call('GET', '/retornos/configuracoes');
    expect(res.json).toEqual([
      { id: '35176', nome: 'Vendas' },
      { id: '35177', nome: 'Financeiro' },
    ]);
  });

  it.each([
    ['not JSON', '{'],
    [
      'unknown configuration',
      { idMovFinanCfg: 81001, dataMovimentacaoInicial: '01/01/2025', dataMovimentacaoFinal: '02/01/2025' },
    ],
    [
      'ISO dates',
      { idMovFinanCfg: SALES, dataMovimentacaoInicial: '2025-01-01', dataMovimentacaoFinal: '2025-01-02' },
    ],
    [
      'impossible date',
      { idMovFinanCfg: SALES, dataMovimentacaoInicial: '30/02/2025', dataMovimentacaoFinal: '02/03/2025' },
    ],
    [
      'end before start',
      { idMovFinanCfg: SALES, dataMovimentacaoInicial: '02/01/2025', dataMovimentacaoFinal: '01/01/2025' },
    ],
    [
      '31 days',
      { idMovFinanCfg: SALES, dataMovimentacaoInicial: '01/01/2025', dataMovimentacaoFinal: '01/02/2025' },
    ],
  ])('answers 400 to a generation request with %s', async (_case, body) => {
    const res = await client.call(
      'POST',
      '/retornos/geracao',
      typeof body === 'string' ? body : JSON.stringify(body),
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ mensagem: expect.any(String) });
  });

  it('accepts a period of exactly 30 days', async () => {
    await expect(client.generate(SALES, '01/01/2025', '31/01/2025')).resolves.toMatch(/^\d{16}$/);
  });

  it('writes report ids above 2^53 as bare integers and reads them back exactly', async () => {
    const id = await client.generate(SALES, '01/01/2025', '10/01/2025');
    expect(BigInt(id) > 2n ** 53n).toBe(true);
    const status = await client.status(id);
    expect(status.text).toContain(`"id":${id},`);
    expect((status.json as { id: string }).id).toBe(id);
    const page = await client.download(id, 1);
    expect(page.text.startsWith(`{"id":${id},"pagina":1,`)).toBe(true);
    const neighbour = (BigInt(id) + 1n).toString();
    expect((await client.status(neighbour)).status).toBe(404);
  });

  it('answers a single object with id and an array without, always EM_PROCESSAMENTO with null pages', async () => {
    const id = await client.generate(FINANCIAL, '01/02/2025', '28/02/2025');
    expect((await client.status(id)).json).toEqual({
      id,
      situacao: 'EM_PROCESSAMENTO',
      tipoRemessa: 'Financeiro',
      quantidadePaginas: null,
    });
    const list = await client.call('GET', '/retornos');
    expect(Array.isArray(list.json)).toBe(true);
    expect(list.json).toContainEqual({
      id,
      situacao: 'EM_PROCESSAMENTO',
      tipoRemessa: 'Financeiro',
      quantidadePaginas: null,
    });
    const none = await client.call('GET', '/retornos?situacao=CONCLUIDO');
    expect(none.json).toEqual([]);
    const badDate = await client.call('GET', '/retornos?dataGeracaoInicial=2025-01-01');
    expect(badDate.status).toBe(400);
  });

  it('filters the list by generation date (business calendar) and state', async () => {
    const id = await client.generate(SALES, '01/01/2025', '02/01/2025');
    const today = businessDate(new Date());
    const listed = async (from: string, to: string, situacao = 'EM_PROCESSAMENTO') => {
      const query = `dataGeracaoInicial=${toProviderDate(from)}&dataGeracaoFinal=${toProviderDate(to)}&situacao=${situacao}`;
      return ((await client.call('GET', `/retornos?${query}`)).json as { id: string }[]).map((r) => r.id);
    };
    expect(await listed(addDays(today, -1), addDays(today, 1))).toContain(id);
    expect(await listed(addDays(today, 2), addDays(today, 3))).toEqual([]);
    expect(await listed(addDays(today, -1), addDays(today, 1), 'AGUARDANDO')).toEqual([]);
  });

  it('lets the sandbox download at once but never delete (the state never reaches CONCLUIDO)', async () => {
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    expect(registros(await client.download(id, 1))?.length).toBeGreaterThan(0);
    expect((await client.call('DELETE', `/retornos/${id}`)).status).toBe(409);
    expect((await client.call('DELETE', '/retornos/9007199254740993')).status).toBe(404);
    expect((await client.download('9007199254740993', 1)).status).toBe(404);
    expect((await client.call('POST', '/retornos/download', `{"id":${id},"pagina":0}`)).status).toBe(400);
  });

  it('has no webhooks in the sandbox', async () => {
    expect((await client.call('GET', '/webhooks')).status).toBe(404);
    const create = await client.call(
      'POST',
      '/webhooks',
      JSON.stringify({
        idTipoEvento: 1,
        endpoint: 'https://x.example/h',
        hmac: 's',
        headersExtra: {},
        flagAtivo: 1,
      }),
    );
    expect(create.status).toBe(404);
  });

  it('ends reports past the last page with both forms: empty registro and no registro', async () => {
    const forms = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const id = await client.generate(SALES, '01/03/2025', '05/03/2025');
      const records = await downloadAll(client, id);
      const pages = Math.ceil(records.length / 1000);
      const past = await client.download(id, pages + 1);
      forms.add(JSON.stringify((past.json as { registros: unknown }).registros));
    }
    expect(forms).toEqual(new Set(['{"registro":[]}', '{}']));
  });

  it('writes sandbox records with inconsistent key case and numeric yyyyMMdd dates', async () => {
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    const records = (await downloadAll(client, id)).filter(
      (r): r is Record<string, unknown> => typeof r === 'object' && r !== null,
    );
    const netKeys = new Set(
      records.flatMap((r) => Object.keys(r).filter((k) => k.toUpperCase() === 'VLLIQUIDO')),
    );
    expect(netKeys).toEqual(new Set(['vlLiquido', 'VlLiquido', 'VLLIQUIDO']));
    const saleDates = records.map((r) => Object.entries(r).find(([k]) => k.toUpperCase() === 'DTVENDA')?.[1]);
    expect(saleDates.every((d) => typeof d === 'number' && /^2025\d{4}$/.test(String(d)))).toBe(true);
    expect(records.some((r) => Object.keys(r).some((k) => k.toUpperCase() === 'CODPRODUTO'))).toBe(true);
  });

  it('serves malformed entries and counts them in expectedRecordCounts', async () => {
    const period = { from: '2025-01-01', to: '2025-01-31' };
    const entries = [
      ...(await downloadAll(client, await client.generate(SALES, '01/01/2025', '31/01/2025'))),
      ...(await downloadAll(client, await client.generate(FINANCIAL, '01/01/2025', '31/01/2025'))),
    ];
    const counts = sim.expectedRecordCounts(period);
    expect(entries).toHaveLength(counts.total);
    expect(counts.malformed).toBeGreaterThan(0);
    const objects = entries.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null);
    const upper = objects.map((o) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toUpperCase(), v])),
    );
    const byCode: Record<string, number> = {};
    for (const r of upper) {
      const code = String(r.TIPOREGISTRO);
      const malformed =
        !('NSU' in r) ||
        code === 'Z9' ||
        String(r.DTVENDA).endsWith('0231') ||
        r.VLLIQUIDO === '12,3a' ||
        r.QTDPARCELAS === '3000000000' ||
        String(r.CODAUTORIZACAO).length > 100 ||
        r.NSU === '000' ||
        'CNPJ' in r ||
        !('DTVENCIMENTO' in r) ||
        r.ESTABELECIMENTO === '0';
      if (!malformed) byCode[code] = (byCode[code] ?? 0) + 1;
    }
    expect(byCode).toEqual(counts.byCode);
    expect(entries.length - Object.values(byCode).reduce((a, b) => a + b, 0)).toBe(counts.malformed);
    expect(entries.some((e) => typeof e === 'string')).toBe(true);
  });
});

describe('simulator determinism', () => {
  it('serves the same pages for the same seed and different ones for another seed', async () => {
    const sims = await Promise.all(
      [7, 7, 8].map((seed) => startSimulator({ mode: 'sandbox', seed, ratePerSecond: 100_000 })),
    );
    try {
      const pages = await Promise.all(
        sims.map(async (sim) => {
          const client = clientFor(sim);
          const id = await client.generate(FINANCIAL, '01/03/2025', '31/03/2025');
          return (await client.download(id, 1)).text;
        }),
      );
      expect(pages[0]).toBe(pages[1]);
      expect(pages[0]).not.toBe(pages[2]);
    } finally {
      await Promise.all(sims.map((sim) => sim.close()));
    }
  });
});
