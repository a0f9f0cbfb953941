/**
 * Fault matrix, webhook side (production, the workflow waiting on the webhook): the simulator sends
 * every event several times, or sends it before the report is ready, while a forger posts events the
 * provider never signed. Each report must resume its workflow once, only after the provider's own
 * event, and the receivables must equal the answer key exactly.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { signBody } from '../../lambdas/core/webhook/signature';
import type { LocalWorld } from '../../local/simulated-world';
import { eventBody } from '../integration/webhook/support';
import { expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every report resumed its wait exactly once, and both jobs completed. */
function expectResumedOncePerReport(w: LocalWorld, result: Awaited<ReturnType<LocalWorld['run']>>) {
  expect(jobsOf(result).map((job) => job.outcome)).toEqual(['COMPLETED', 'COMPLETED']);
  expect(w.taskTokens.issued).toHaveLength(2);
  // Each parked wait resumed exactly once; the two reports finish in either order.
  expect([...w.taskTokens.succeeded].sort()).toEqual([...w.taskTokens.issued].sort());
}

describe('fault injection: webhooks', () => {
  it('resumes once per report when every event is delivered four times', async () => {
    world = await startFaultWorld({ webhook: true, simulator: { faults: { duplicateDeliveries: 3 } } });

    const result = await world.run(PERIOD);

    await expectGroundTruth(world, result);
    expectResumedOncePerReport(world, result);
    const accepted = world.simulator.deliveries().filter((d) => d.status === 200);
    expect(accepted.length).toBeGreaterThanOrEqual(8);
  });

  it('waits for CONCLUIDO when the event comes while the report is still processing', async () => {
    world = await startFaultWorld({
      webhook: true,
      simulator: { faults: { earlyDelivery: true }, timing: { waitingMs: 20, processingMs: 1_500 } },
    });

    const steps = world.steps;
    let checks = 0;
    const result = await world.run(PERIOD, {
      steps: {
        ...steps,
        checkReport: (input) => {
          checks += 1;
          return steps.checkReport(input);
        },
      },
    });

    await expectGroundTruth(world, result);
    expectResumedOncePerReport(world, result);
    // The early event resumed the wait; the poll loop then checked again until CONCLUIDO.
    expect(checks).toBeGreaterThan(2);
  });

  it('refuses forged events for the waiting report and resumes only on the provider event', async () => {
    world = await startFaultWorld({
      webhook: true,
      simulator: { timing: { waitingMs: 100, processingMs: 300 } },
    });
    const url = world.webhook?.url as string;
    const forged: Promise<number>[] = [];
    const post = async (body: string, headers: Record<string, string>) =>
      (
        await fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', ...headers },
        })
      ).status;
    const forge = (reportId: string) => {
      const requestId = randomUUID();
      const body = eventBody(requestId, reportId, 1);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const common = { 'x-request-id': requestId, 'x-timestamp': timestamp };
      forged.push(
        // Signed with a secret that is not the registered one.
        post(body, { ...common, 'x-signature': signBody('not-the-secret', Buffer.from(body)) }),
        // No signature at all.
        post(body, common),
      );
    };

    const result = await world.run(PERIOD, { onTaskToken: (_token, reportId) => forge(reportId) });

    expect(await Promise.all(forged)).toEqual([401, 401, 401, 401]);
    await expectGroundTruth(world, result);
    expectResumedOncePerReport(world, result);
    expect(world.simulator.deliveries().every((d) => d.status === 200)).toBe(true);
  });
});
