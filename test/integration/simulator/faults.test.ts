import { afterEach, describe, expect, it } from 'vitest';
import {
  CONFIGURATIONS,
  type Simulator,
  type SimulatorOptions,
  startSimulator,
} from '../../../local/simulator';
import { clientFor, type SimClient } from './client';

const SALES = CONFIGURATIONS.sandbox.sales;
let sim: Simulator;
let client: SimClient;

async function start(options: Partial<SimulatorOptions> = {}) {
  sim = await startSimulator({ mode: 'sandbox', ...options });
  client = clientFor(sim);
}

afterEach(() => sim.close());

describe('simulator faults', () => {
  it('answers 429 with Retry-After beyond 10 requests a second and reports the busiest second', async () => {
    await start();
    const responses = await Promise.all(Array.from({ length: 30 }, () => client.call('GET', '/retornos')));
    const limited = responses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(responses.filter((r) => r.status === 200).length + limited.length).toBe(30);
    for (const r of limited) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const stats = sim.stats();
    expect(stats.requests).toBe(30);
    expect(stats.byRoute['GET /retornos']).toBe(30);
    expect(stats.rateLimited).toBe(limited.length);
    // A rejection means 10 were accepted in the trailing second, so at least 11 arrived within one.
    expect(stats.maxRequestsInAnySecond).toBeGreaterThanOrEqual(11);
    expect(stats.maxRequestsInAnySecond).toBeLessThanOrEqual(30);
    sim.resetStats();
    expect(sim.stats()).toMatchObject({ requests: 0, rateLimited: 0, maxRequestsInAnySecond: 0 });
  });

  it('answers a burst of 429 to the next N requests, with or without Retry-After', async () => {
    await start({ ratePerSecond: 100_000, faults: { rateLimitBurst: 2, retryAfterHeader: false } });
    const first = await client.call('GET', '/retornos/configuracoes');
    const second = await client.call('GET', '/retornos/configuracoes');
    const third = await client.call('GET', '/retornos/configuracoes');
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get('retry-after')).toBeNull();
    sim.setFaults({ rateLimitBurst: 1, retryAfterHeader: true });
    expect((await client.call('GET', '/retornos')).headers.get('retry-after')).toBe('1');
  });

  it('injects 5xx answers at the configured rate', async () => {
    await start({ ratePerSecond: 100_000, faults: { serverErrorRate: 1 } });
    const res = await client.call('GET', '/retornos/configuracoes');
    expect([500, 502, 503]).toContain(res.status);
    expect(sim.stats().serverErrors).toBe(1);
    sim.setFaults({ serverErrorRate: 0 });
    expect((await client.call('GET', '/retornos/configuracoes')).status).toBe(200);
  });

  it('draws seeded faults: the same seed gives the same sequence of failures', async () => {
    const statuses = async () => {
      await start({ ratePerSecond: 100_000, seed: 5, faults: { serverErrorRate: 0.5 } });
      const seen: number[] = [];
      for (let i = 0; i < 12; i++) seen.push((await client.call('GET', '/retornos')).status);
      await sim.close();
      return seen;
    };
    const first = await statuses();
    expect(first.some((s) => s >= 500) && first.includes(200)).toBe(true);
    expect(await statuses()).toEqual(first);
  });

  it('serves pages that are not JSON, or cut short with an honest Content-Length', async () => {
    await start({ ratePerSecond: 100_000 });
    const id = await client.generate(SALES, '01/01/2025', '31/01/2025');
    const whole = await client.download(id, 1);
    sim.setFaults({ malformedPageRate: 1 });
    const malformed = await client.download(id, 1);
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text)).toThrow();
    expect((await client.status(id)).status).toBe(200);
    sim.setFaults({ malformedPageRate: 0, truncatedPageRate: 1 });
    const res = await fetch(`${sim.url}/retornos/download`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sim.credentials.email}:${sim.credentials.apiToken}`).toString('base64')}`,
      },
      body: `{"id":${id},"pagina":1}`,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(whole.text));
    expect(whole.text.startsWith(bytes.toString('utf8').slice(0, -4))).toBe(true);
    expect(() => JSON.parse(bytes.toString('utf8'))).toThrow();
  });

  it('leaves hanging requests unanswered until the client gives up, and still closes', async () => {
    await start({ faults: { hangRate: 1 } });
    const call = fetch(`${sim.url}/retornos/configuracoes`, { signal: AbortSignal.timeout(100) });
    await expect(call).rejects.toThrow();
    sim.setFaults({ hangRate: 0, latencyMs: [5, 20] });
    expect((await client.call('GET', '/retornos/configuracoes')).status).toBe(200);
    sim.setFaults({ hangRate: 1 });
    const pending = fetch(`${sim.url}/retornos/configuracoes`);
    while (sim.stats().requests < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await sim.close();
    await expect(pending).rejects.toThrow();
  });
});
