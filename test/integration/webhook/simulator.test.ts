import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerWebhookCommands } from '../../../cli/commands/webhooks';
import type { ProviderClient } from '../../../lambdas/core/provider/port';
import {
  CONFIGURATIONS,
  type Simulator,
  type SimulatorFaults,
  startSimulator,
} from '../../../local/simulator';
import { type LocalWebhookServer, startLocalWebhookServer } from '../../../local/webhook/server';
import { clientFor } from '../provider/simulator-harness';
import { SECRET, useLocalDynamo, webhookFixture } from './support';

/**
 * End to end over real HTTP: the provider simulator (production mode) signs and delivers events to
 * the local webhook server, which runs the same receiver as the Lambda over dynalite; the webhook is
 * registered with the `recon webhooks create` command through the real provider client.
 */
describe('simulator deliveries to the local webhook server', () => {
  const dynamo = useLocalDynamo();
  let simulator: Simulator | undefined;
  let server: LocalWebhookServer | undefined;
  afterEach(async () => {
    await simulator?.close();
    await server?.close();
  });

  async function setUp(faults: Partial<SimulatorFaults>) {
    simulator = await startSimulator({
      mode: 'production',
      timing: { waitingMs: 20, processingMs: 40 },
      dataset: { sales: 60, recordsPerPage: 25 },
      faults,
      webhookRetry: { attempts: 3, baseDelayMs: 10 },
    });
    const fixture = await webhookFixture(dynamo(), { now: () => new Date() });
    server = await startLocalWebhookServer({ receiver: fixture.receiver });
    const client = clientFor(simulator);
    const printed: string[] = [];
    const program = new Command('recon').exitOverride();
    registerWebhookCommands(program, {
      makeClient: () => client,
      hmacSecret: () => SECRET,
      print: (l) => printed.push(l),
    });
    await program.parseAsync(['webhooks', 'create', '--endpoint', server.url], { from: 'user' });
    expect(printed.join('\n')).not.toContain(SECRET);
    expect(simulator.webhooks()).toEqual([expect.objectContaining({ endpoint: server.url, flagAtivo: 1 })]);
    return { ...fixture, client };
  }

  async function generateAndSettle(client: ProviderClient, copies: number) {
    const { reportId } = await client.generate({
      configurationId: CONFIGURATIONS.production.sales,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    return {
      reportId,
      /** Waits until the report is done and every copy of every page event was answered. */
      async settled() {
        const pages = await vi.waitFor(
          async () => {
            const report = await client.getReport(reportId);
            expect(report?.situacao).toBe('CONCLUIDO');
            return report?.quantidadePaginas as number;
          },
          { timeout: 10_000, interval: 50 },
        );
        await vi.waitFor(() => expect(simulator?.deliveries()).toHaveLength(pages * copies), {
          timeout: 10_000,
        });
        return pages;
      },
    };
  }

  it('resumes the waiting task exactly once despite duplicate deliveries', async () => {
    const { client, waits, sent, items } = await setUp({ duplicateDeliveries: 2 });
    const report = await generateAndSettle(client, 3);
    await waits.registerWait(report.reportId, 'task-token');
    const pages = await report.settled();
    expect(pages).toBeGreaterThan(1);
    expect(simulator?.deliveries().every((d) => d.status === 200)).toBe(true);
    expect(sent).toEqual([
      { taskToken: 'task-token', output: { reportId: report.reportId, via: 'webhook' } },
    ]);
    const all = await items();
    const wait = all.find((item) => item.pk === `WAIT#${report.reportId}`);
    expect(wait?.pages).toEqual(new Set(Array.from({ length: pages }, (_, i) => i + 1)));
    expect(all.filter((item) => item.pk === 'IDEMPOTENCY')).toHaveLength(pages);
  });

  it('resumes at registration when the event arrived early, with millisecond timestamps', async () => {
    const { client, waits, sent } = await setUp({ earlyDelivery: true, timestampUnit: 'ms' });
    const report = await generateAndSettle(client, 1);
    await report.settled();
    expect(simulator?.deliveries().every((d) => d.status === 200)).toBe(true);
    expect(sent).toEqual([]);
    expect(await waits.registerWait(report.reportId, 'late-token')).toBe('resumed');
    expect(sent.map((s) => s.taskToken)).toEqual(['late-token']);
  });

  it('turns away deliveries signed with a secret recon does not hold', async () => {
    const { client, waits, sent, items } = await setUp({});
    const [registered] = simulator?.webhooks() ?? [];
    await client.updateWebhook(String(registered?.id), {
      idTipoEvento: 1,
      endpoint: String(server?.url),
      hmac: 'not-recons-secret',
      headersExtra: {},
      flagAtivo: 1,
    });
    // Every refused event is tried webhookRetry.attempts (3) times.
    const report = await generateAndSettle(client, 3);
    await waits.registerWait(report.reportId, 'task-token');
    await report.settled();
    expect(simulator?.deliveries().every((d) => d.status === 401)).toBe(true);
    expect(sent).toEqual([]);
    expect((await items()).filter((item) => item.pk === 'IDEMPOTENCY')).toEqual([]);
  });
});
