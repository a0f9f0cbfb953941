import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  DeleteNotAllowedError,
  InvalidRequestError,
  MalformedResponseError,
  ProviderHttpError,
  ProviderNetworkError,
  ProviderTimeoutError,
  RateLimitedError,
} from '../../../lambdas/core/provider/errors';
import type { ProviderClient } from '../../../lambdas/core/provider/port';
import { CONFIGURATIONS, type Simulator, startSimulator } from '../../../local/simulator';
import { clientFor, downloadAll } from './simulator-harness';

const WINDOW = { from: '2025-01-01', to: '2025-01-31' };
const SALES = CONFIGURATIONS.sandbox.sales;
const FINANCIAL = CONFIGURATIONS.sandbox.financial;

let simulator: Simulator;
let client: ProviderClient;
beforeAll(async () => {
  simulator = await startSimulator({ mode: 'sandbox', dataset: { recordsPerPage: 150 } });
  client = clientFor(simulator);
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => {
  simulator.setFaults({
    serverErrorRate: 0,
    malformedPageRate: 0,
    truncatedPageRate: 0,
    hangRate: 0,
    rateLimitBurst: 0,
    retryAfterHeader: true,
  });
});

describe('provider client against the sandbox simulator', () => {
  it('lists the fixed configurations', async () => {
    expect(await client.listConfigurations()).toEqual([
      { id: SALES, nome: 'Vendas' },
      { id: FINANCIAL, nome: 'Financeiro' },
    ]);
  });

  it('generates, finds, lists and downloads every record of both report kinds, ids exact', async () => {
    const sales = await client.generate({ configurationId: SALES, ...WINDOW });
    const financial = await client.generate({ configurationId: FINANCIAL, ...WINDOW });
    expect(BigInt(sales.reportId)).toBeGreaterThan(2n ** 53n);

    expect(await client.getReport(sales.reportId)).toEqual({
      id: sales.reportId,
      situacao: 'EM_PROCESSAMENTO',
      tipoRemessa: 'Vendas',
      quantidadePaginas: null,
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const listed = await client.listReports({
      generatedFrom: today,
      generatedTo: today,
      state: 'EM_PROCESSAMENTO',
    });
    expect(listed.map((r) => r.id)).toEqual(expect.arrayContaining([sales.reportId, financial.reportId]));

    const pages = [
      ...(await downloadAll(client, sales.reportId)),
      ...(await downloadAll(client, financial.reportId)),
    ];
    const records = pages.flatMap((page) => page.records);
    const malformed = pages.flatMap((page) => page.malformed);
    expect(pages.filter((p) => p.page === 2).length).toBeGreaterThan(0);
    expect(records.length + malformed.length).toBe(simulator.expectedRecordCounts(WINDOW).total);
    expect(malformed.every((entry) => typeof entry !== 'object')).toBe(true);
    // Sandbox keys come in any case; they are passed on as received.
    expect(records.some((record) => Object.keys(record).some((key) => key !== key.toUpperCase()))).toBe(true);
  });

  it('maps the simulator’s refusals to typed errors carrying its mensagem', async () => {
    const bad = clientFor(simulator, { credentials: { email: 'x@example.com', apiToken: 'wrong' } });
    await expect(bad.listConfigurations()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(client.generate({ configurationId: 1, ...WINDOW })).rejects.toThrow(InvalidRequestError);
    await expect(client.generate({ configurationId: 1, ...WINDOW })).rejects.toThrow(
      /idMovFinanCfg desconhecido/,
    );
    expect(await client.getReport('123')).toBeUndefined();
    await expect(client.downloadPage('123', 1)).rejects.toMatchObject({
      name: 'ProviderHttpError',
      status: 404,
    });
    const { reportId } = await client.generate({ configurationId: SALES, ...WINDOW });
    await expect(client.deleteReport(reportId)).rejects.toBeInstanceOf(DeleteNotAllowedError);
    await expect(client.listWebhooks()).rejects.toBeInstanceOf(ProviderHttpError);
  });

  it('rides out 5xx, malformed and truncated pages: the same content as without faults', async () => {
    const { reportId } = await client.generate({ configurationId: SALES, ...WINDOW });
    const clean = await downloadAll(client, reportId);
    simulator.setFaults({ serverErrorRate: 0.3, malformedPageRate: 0.3, truncatedPageRate: 0.3 });
    simulator.resetStats();
    const faulty = await downloadAll(clientFor(simulator, { maxAttempts: 12 }), reportId);
    expect(faulty).toEqual(clean);
    expect(simulator.stats().requests).toBeGreaterThan(clean.length + 1);
  });

  it('gives up with MalformedResponseError when every answer is garbled', async () => {
    const { reportId } = await client.generate({ configurationId: SALES, ...WINDOW });
    simulator.setFaults({ malformedPageRate: 1 });
    await expect(clientFor(simulator, { maxAttempts: 2 }).downloadPage(reportId, 1)).rejects.toBeInstanceOf(
      MalformedResponseError,
    );
  });

  it('waits out 429 bursts with or without Retry-After, and reports exhaustion as RateLimitedError', async () => {
    simulator.setFaults({ rateLimitBurst: 1 });
    expect(await client.listConfigurations()).toHaveLength(2);
    simulator.setFaults({ rateLimitBurst: 1, retryAfterHeader: false });
    expect(await client.listConfigurations()).toHaveLength(2);
    simulator.setFaults({ rateLimitBurst: 2, retryAfterHeader: true });
    const error = await clientFor(simulator, { maxAttempts: 2 })
      .listConfigurations()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 1_000 });
  });

  it('times out a request the simulator never answers', async () => {
    simulator.setFaults({ hangRate: 1 });
    const hanging = clientFor(simulator, { timeoutMs: 200, maxAttempts: 2 });
    await expect(hanging.listConfigurations()).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('reports a refused connection as ProviderNetworkError', async () => {
    const closed = await startSimulator({ mode: 'sandbox' });
    await closed.close();
    const unreachable = clientFor(closed, { maxAttempts: 2 });
    await expect(unreachable.listConfigurations()).rejects.toMatchObject({
      name: ProviderNetworkError.name,
      code: 'ECONNREFUSED',
    });
  });
});
