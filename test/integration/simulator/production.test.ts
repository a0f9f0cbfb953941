import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONFIGURATIONS,
  type Simulator,
  type SimulatorOptions,
  startSimulator,
} from '../../../local/simulator';
import { clientFor, deliveriesAtLeast, pollUntil, registros, type SimClient } from './client';
import { startReceiver } from './receiver';

const SALES = CONFIGURATIONS.production.sales;
const FINANCIAL = CONFIGURATIONS.production.financial;
const SECRET = 'webhook-secret';

let sim: Simulator;
let client: SimClient;
const cleanups: (() => Promise<void>)[] = [];

async function start(options: Partial<SimulatorOptions> = {}) {
  sim = await startSimulator({
    mode: 'production',
    ratePerSecond: 100_000,
    timing: { waitingMs: 30, processingMs: 60 },
    webhookRetry: { attempts: 3, baseDelayMs: 10 },
    ...options,
  });
  client = clientFor(sim);
  cleanups.push(() => sim.close());
}

async function register(endpoint: string, extra: Record<string, unknown> = {}) {
  const res = await client.call(
    'POST',
    '/webhooks',
    JSON.stringify({
      idTipoEvento: 1,
      endpoint,
      hmac: SECRET,
      headersExtra: { 'x-recon-key': 'k1' },
      flagAtivo: 1,
      ...extra,
    }),
  );
  expect(res.status).toBe(200);
  return res.json as { id: string };
}

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('simulator, production reports', () => {
  it('walks AGUARDANDO -> EM_PROCESSAMENTO -> CONCLUIDO and only then serves pages', async () => {
    await start({ timing: { waitingMs: 800, processingMs: 800 } });
    expect((await client.call('GET', '/retornos/configuracoes')).json).toEqual([
      { id: String(SALES), nome: 'Vendas' },
      { id: String(FINANCIAL), nome: 'Financeiro' },
    ]);
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    expect((await client.status(id)).json).toMatchObject({ situacao: 'AGUARDANDO', quantidadePaginas: null });
    expect((await client.download(id, 1)).status).toBe(409);
    expect((await client.call('DELETE', `/retornos/${id}`)).status).toBe(409);
    const seen: string[] = [];
    const done = (await pollUntil(client, id, (s) => {
      if (seen.at(-1) !== s) seen.push(s);
      return s === 'CONCLUIDO';
    })) as { quantidadePaginas: number };
    expect(seen).toEqual(['AGUARDANDO', 'EM_PROCESSAMENTO', 'CONCLUIDO']);
    expect(done.quantidadePaginas).toBe(1);
    expect(registros(await client.download(id, 1))?.length).toBeGreaterThan(0);
    expect((await client.call('DELETE', `/retornos/${id}`)).status).toBe(204);
    expect((await client.status(id)).status).toBe(404);
    expect((await client.download(id, 1)).status).toBe(404);
  });

  it('fills quantidadePaginas from the records per page', async () => {
    await start({ dataset: { recordsPerPage: 50 } });
    const id = await client.generate(FINANCIAL, '01/03/2025', '31/03/2025');
    const report = (await pollUntil(client, id, (s) => s === 'CONCLUIDO')) as { quantidadePaginas: number };
    expect(report.quantidadePaginas).toBeGreaterThan(1);
    expect(registros(await client.download(id, report.quantidadePaginas))?.length).toBeGreaterThan(0);
    expect(registros(await client.download(id, report.quantidadePaginas + 1))).toBeUndefined();
  });

  it('writes upper-case keys and string dates in production', async () => {
    await start();
    const id = await client.generate(SALES, '01/02/2025', '28/02/2025');
    await pollUntil(client, id, (s) => s === 'CONCLUIDO');
    const records = (registros(await client.download(id, 1)) ?? []).filter(
      (r): r is Record<string, unknown> => typeof r === 'object' && r !== null,
    );
    expect(records.every((r) => Object.keys(r).every((k) => k === k.toUpperCase()))).toBe(true);
    expect(records.every((r) => typeof r.DTVENDA === 'string')).toBe(true);
    const net = new Set(records.map((r) => typeof r.VLLIQUIDO));
    expect(net).toEqual(new Set(['number', 'string']));
  });

  it('ends reports in ERRO per the errorReports fault (refusing download, allowing delete)', async () => {
    await start({ faults: { errorReports: 'financial' } });
    const failed = await client.generate(FINANCIAL, '01/01/2025', '31/01/2025');
    const fine = await client.generate(SALES, '01/01/2025', '31/01/2025');
    expect(await pollUntil(client, failed, (s) => s === 'ERRO' || s === 'CONCLUIDO')).toMatchObject({
      situacao: 'ERRO',
      quantidadePaginas: null,
    });
    expect(await pollUntil(client, fine, (s) => s === 'ERRO' || s === 'CONCLUIDO')).toMatchObject({
      situacao: 'CONCLUIDO',
    });
    expect((await client.download(failed, 1)).status).toBe(409);
    expect((await client.call('DELETE', `/retornos/${failed}`)).status).toBe(204);
  });

  it('keeps stuck reports in EM_PROCESSAMENTO', async () => {
    await start({ timing: { waitingMs: 0, processingMs: 0 }, faults: { stuckReports: true } });
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    sim.setFaults({ stuckReports: false });
    const normal = await client.generate(SALES, '01/01/2025', '31/01/2025');
    await pollUntil(client, normal, (s) => s === 'CONCLUIDO');
    expect((await client.status(id)).json).toMatchObject({ situacao: 'EM_PROCESSAMENTO' });
    const listed = await client.call('GET', '/retornos?situacao=EM_PROCESSAMENTO');
    expect((listed.json as { id: string }[]).map((r) => r.id)).toEqual([id]);
  });
});

describe('simulator, production webhooks', () => {
  it('manages webhooks without ever showing the secret', async () => {
    await start();
    const created = await register('http://127.0.0.1:9/hook');
    expect(created).toEqual({
      id: expect.any(String),
      idTipoEvento: 1,
      endpoint: 'http://127.0.0.1:9/hook',
      headersExtra: { 'x-recon-key': 'k1' },
      flagAtivo: 1,
    });
    const updated = await client.call('PUT', `/webhooks/${created.id}`, JSON.stringify({ flagAtivo: 0 }));
    expect(updated.json).toMatchObject({ id: created.id, flagAtivo: 0 });
    const list = await client.call('GET', '/webhooks');
    expect(list.text).not.toContain(SECRET);
    expect(sim.webhooks()).toEqual([{ id: created.id, endpoint: 'http://127.0.0.1:9/hook', flagAtivo: 0 }]);
    const invalid = await client.call(
      'POST',
      '/webhooks',
      JSON.stringify({ idTipoEvento: 1, endpoint: 'nope', hmac: 'x' }),
    );
    expect(invalid.status).toBe(400);
    expect((await client.call('DELETE', `/webhooks/${created.id}`)).status).toBe(204);
    expect((await client.call('DELETE', `/webhooks/${created.id}`)).status).toBe(404);
    expect((await client.call('PUT', '/webhooks/4242', '{}')).status).toBe(404);
    const other = await register('http://127.0.0.1:9/other');
    expect((await client.call('PUT', `/webhooks/${other.id}`, '{"flagAtivo":2}')).status).toBe(400);
    expect((await client.call('PUT', `/webhooks/${other.id}`, 'nope')).status).toBe(400);
  });

  it('delivers one signed event per page when the report is CONCLUIDO', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    await start({ dataset: { recordsPerPage: 200 } });
    await register(receiver.url);
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    const report = (await pollUntil(client, id, (s) => s === 'CONCLUIDO')) as { quantidadePaginas: number };
    await receiver.waitFor(report.quantidadePaginas);
    const pages = receiver.received.map(({ headers, body }) => {
      const expected = `sha256=${createHmac('sha256', SECRET).update(body).digest('base64')}`;
      expect(headers['x-signature']).toBe(expected);
      expect(headers['x-signature-algorithm']).toBe('HMAC-SHA256');
      expect(headers['x-signature-version']).toBe('v1');
      expect(headers['x-timestamp']).toMatch(/^\d{10}$/);
      expect(headers['x-recon-key']).toBe('k1');
      expect(headers['content-type']).toBe('application/json');
      const requestId = /"requestId":"([0-9a-f-]{36})"/.exec(body)?.[1];
      expect(headers['x-request-id']).toBe(requestId);
      expect(body).toBe(
        `{"version":"1.0","requestId":"${requestId}","payload":{"evento":{"code":1,"descricao":"Arquivo de remessa gerado"},"data":{"id":${id},"pagina":${/"pagina":(\d+)/.exec(body)?.[1]}}}}`,
      );
      return Number(/"pagina":(\d+)/.exec(body)?.[1]);
    });
    expect(pages.sort((a, b) => a - b)).toEqual(
      Array.from({ length: report.quantidadePaginas }, (_, i) => i + 1),
    );
    expect(sim.deliveries().every((d) => d.status === 200 && d.attempt === 1 && d.reportId === id)).toBe(
      true,
    );
  });

  it('redelivers the same requestId after a non-200 answer', async () => {
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    cleanups.push(receiver.close);
    await start();
    await register(receiver.url);
    await client.generate(SALES, '01/01/2025', '31/01/2025');
    await receiver.waitFor(2);
    const [first, second] = receiver.received;
    expect(second?.headers['x-request-id']).toBe(first?.headers['x-request-id']);
    expect(second?.body).toBe(first?.body);
    expect((await deliveriesAtLeast(sim, 2)).map((d) => [d.status, d.attempt])).toEqual([
      [500, 1],
      [200, 2],
    ]);
  });

  it('records network errors and stops after the configured attempts', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    await start();
    await register(receiver.url);
    await client.generate(SALES, '01/01/2025', '31/01/2025');
    expect((await deliveriesAtLeast(sim, 3)).map((d) => [d.status, d.attempt])).toEqual([
      ['network-error', 1],
      ['network-error', 2],
      ['network-error', 3],
    ]);
  });

  it('sends duplicate copies, early events and millisecond timestamps on request', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    await start({
      timing: { waitingMs: 30, processingMs: 60_000 },
      faults: { duplicateDeliveries: 2, earlyDelivery: true, timestampUnit: 'ms' },
    });
    await register(receiver.url);
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    await receiver.waitFor(3);
    expect((await client.status(id)).json).toMatchObject({ situacao: 'EM_PROCESSAMENTO' });
    expect(new Set(receiver.received.map((r) => r.headers['x-request-id'])).size).toBe(1);
    expect(receiver.received.every((r) => /^\d{13}$/.test(String(r.headers['x-timestamp'])))).toBe(true);
  });

  it('skips inactive webhooks', async () => {
    const active = await startReceiver();
    const inactive = await startReceiver();
    cleanups.push(active.close, inactive.close);
    await start();
    await register(inactive.url, { flagAtivo: 0 });
    await register(active.url);
    await client.generate(SALES, '01/01/2025', '31/01/2025');
    await active.waitFor(1);
    expect(inactive.received).toHaveLength(0);
    expect(sim.deliveries().every((d) => d.endpoint === active.url)).toBe(true);
  });
});
