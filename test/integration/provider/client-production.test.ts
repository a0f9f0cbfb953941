import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AmbiguousGenerationError, ReportNotReadyError } from '../../../lambdas/core/provider/errors';
import type { ProviderClient, Report } from '../../../lambdas/core/provider/port';
import { CONFIGURATIONS, type Simulator, startSimulator } from '../../../local/simulator';
import { WEBHOOK_REGISTRATION } from '../../unit/provider/harness';
import { clientFor, downloadAll, faultOnFirst } from './simulator-harness';

const WINDOW = { from: '2025-02-01', to: '2025-02-28' };
const SALES = CONFIGURATIONS.production.sales;
const GENERATE = 'POST /retornos/geracao';

let simulator: Simulator;
let client: ProviderClient;
beforeAll(async () => {
  simulator = await startSimulator({ mode: 'production', timing: { waitingMs: 100, processingMs: 200 } });
  client = clientFor(simulator);
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => {
  simulator.setFaults({ serverErrorRate: 0, hangRate: 0, latencyMs: [0, 0] });
});

/** Polls the report (each poll is one paced request) until it leaves the waiting states. */
async function settled(reportId: string): Promise<Report | undefined> {
  for (;;) {
    const report = await client.getReport(reportId);
    if (report?.situacao !== 'AGUARDANDO' && report?.situacao !== 'EM_PROCESSAMENTO') return report;
  }
}

const generatedCount = () => simulator.stats().reportsGenerated;

describe('provider client against the production simulator', () => {
  it('follows a report from generation to deletion', async () => {
    const { reportId } = await client.generate({ configurationId: SALES, ...WINDOW });
    await expect(client.downloadPage(reportId, 1)).rejects.toBeInstanceOf(ReportNotReadyError);
    const done = await settled(reportId);
    expect(done).toMatchObject({ id: reportId, situacao: 'CONCLUIDO', tipoRemessa: 'Vendas' });
    const pages = await downloadAll(client, reportId);
    expect(pages).toHaveLength(done?.quantidadePaginas ?? -1);
    await client.deleteReport(reportId);
    expect(await client.getReport(reportId)).toBeUndefined();
  });

  it('manages webhooks', async () => {
    const registration = WEBHOOK_REGISTRATION;
    const created = await client.createWebhook(registration);
    expect(created).toMatchObject({ endpoint: registration.endpoint, flagAtivo: 1 });
    expect((await client.listWebhooks()).map((w) => w.id)).toContain(created.id);
    expect(await client.updateWebhook(created.id, { ...registration, flagAtivo: 0 })).toMatchObject({
      id: created.id,
      flagAtivo: 0,
    });
    await client.deleteWebhook(created.id);
    expect((await client.listWebhooks()).map((w) => w.id)).not.toContain(created.id);
    await expect(client.deleteWebhook(created.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('generation never duplicates a report', () => {
  it('retries after a 5xx that created nothing, ending with exactly one report', async () => {
    const before = generatedCount();
    const { fetch, matched } = faultOnFirst(
      simulator,
      GENERATE,
      { serverErrorRate: 1 },
      { serverErrorRate: 0 },
    );
    const { reportId } = await clientFor(simulator, { fetch }).generate({
      configurationId: SALES,
      ...WINDOW,
    });
    expect(matched()).toBe(2);
    expect(generatedCount() - before).toBe(1);
    expect(await client.getReport(reportId)).toBeDefined();
  });

  it('retries after a hang that created nothing, ending with exactly one report', async () => {
    const before = generatedCount();
    const { fetch, matched } = faultOnFirst(simulator, GENERATE, { hangRate: 1 }, { hangRate: 0 });
    const hanging = clientFor(simulator, { fetch, timeoutMs: 300 });
    const { reportId } = await hanging.generate({ configurationId: SALES, ...WINDOW });
    expect(matched()).toBe(2);
    expect(generatedCount() - before).toBe(1);
    expect(await client.getReport(reportId)).toBeDefined();
  });

  it('adopts the report of an attempt that timed out but was processed, instead of generating again', async () => {
    const before = generatedCount();
    // The first POST is answered after 400 ms but the client gives up at 150 ms; the report is created.
    const { fetch, matched } = faultOnFirst(
      simulator,
      GENERATE,
      { latencyMs: [400, 400] },
      { latencyMs: [0, 0] },
    );
    const slow = clientFor(simulator, { fetch, timeoutMs: 150, creationSettleMs: 1_000 });
    const { reportId } = await slow.generate({ configurationId: SALES, ...WINDOW });
    expect(matched()).toBe(1);
    expect(generatedCount() - before).toBe(1);
    expect(await client.getReport(reportId)).toMatchObject({ tipoRemessa: 'Vendas' });
  });

  it('refuses to guess when another generation of the same type landed meanwhile', async () => {
    const before = generatedCount();
    const { fetch } = faultOnFirst(
      simulator,
      GENERATE,
      { latencyMs: [300, 300] },
      { latencyMs: [0, 0] },
      () => client.generate({ configurationId: SALES, ...WINDOW }),
    );
    const slow = clientFor(simulator, { fetch, timeoutMs: 100, creationSettleMs: 1_000 });
    const error = await slow.generate({ configurationId: SALES, ...WINDOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousGenerationError);
    expect((error as AmbiguousGenerationError).candidateIds).toHaveLength(2);
    expect(generatedCount() - before).toBe(2);
  });
});
