import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderClient } from '../../../lambdas/core/provider/client';
import { basicAuthorization } from '../../../lambdas/core/provider/http';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import { type SimulatorThread, startSimulatorThread } from '../../../local/simulator/threads/thread';

let simulator: SimulatorThread;
beforeAll(async () => {
  simulator = await startSimulatorThread({ mode: 'sandbox', dataset: { sales: 20 } });
});
afterAll(async () => {
  await simulator.close();
});

describe('simulator on its own thread, behind a front door that counts arrivals', () => {
  it('forwards answers unchanged (the provider client reads them through it)', async () => {
    const client = buildProviderClient({
      baseUrl: simulator.url,
      credentials: simulator.credentials,
      limiter: buildInProcessLimiter({ ratePerSecond: 10 }),
    });
    const configurations = await client.listConfigurations();
    expect(configurations.map((c) => c.nome).sort()).toEqual(['Financeiro', 'Vendas']);
  });

  it('counts and refuses a burst at the door, not behind the rendering thread', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the previous test's request leaves the window
    await simulator.resetStats();
    const authorization = basicAuthorization(simulator.credentials);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${simulator.url}/retornos/configuracoes`, { headers: { authorization } }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(refused).toHaveLength(2);
    expect(refused.map((answer) => answer.headers.get('retry-after'))).toEqual(['1', '1']);
    await Promise.all(answers.map((answer) => answer.text()));
    const stats = await simulator.stats();
    expect(stats).toMatchObject({ requests: 12, rateLimited: 2, maxRequestsInAnySecond: 12 });
    expect(stats.tightestSpanMs).toBeLessThan(1000);
  });
});
