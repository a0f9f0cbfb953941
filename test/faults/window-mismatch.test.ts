/**
 * Fault matrix, a report that is not the window's: the provider answers the sales generation with a
 * report holding the month before. The window check must stop that job FAILED with a reason naming
 * the window, the run must end FAILED with a notification, and the report must stay at the provider
 * (evidence; deleting is only for COMPLETED or ERRO) without a re-run resuming it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import {
  asOfOf,
  expectFailedWithNotification,
  expectGroundTruth,
  jobsOf,
  PERIOD,
  startFaultWorld,
} from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('fault injection: a report holding another window', () => {
  it('fails the job with the reason and a notification, never COMPLETED, and keeps the report', async () => {
    world = await startFaultWorld({ simulator: { faults: { wrongWindowReports: 'sales' } } });

    const result = await world.run(PERIOD);

    expectFailedWithNotification(world, result, 'FAILED');
    const [sales, financial] = jobsOf(result);
    expect(sales).toMatchObject({ kind: 'sales', outcome: 'FAILED', deletion: { status: 'KEPT' } });
    expect(sales?.error).toMatch(
      new RegExp(`report ${sales?.reportId} does not belong to the window ${PERIOD.from}\\.\\.${PERIOD.to}`),
    );
    expect(sales?.error).toMatch(/A1\/D1 records are dated 2024-12-\d\d\.\.2024-12-\d\d/);
    expect(financial).toMatchObject({
      kind: 'financial',
      outcome: 'COMPLETED',
      deletion: { status: 'DELETED' },
    });
    // Only the completed report was deleted at the provider.
    expect(world.simulator.stats().byRoute['DELETE /retornos/:id']).toBe(1);
    expect(world.published.at(-1)?.message).toContain('does not belong to the window');

    // The provider mends its ways: the re-run does not resume the wrong report, it generates again.
    world.simulator.setFaults({ wrongWindowReports: 'none' });
    const rerun = await world.run(PERIOD);

    await expectGroundTruth(world, rerun);
    const again = jobsOf(rerun).find((job) => job.kind === 'sales');
    expect(again?.resumed).toBeUndefined();
    expect(again?.reportId).not.toBe(sales?.reportId);
  });

  // A nightly run asks for one day: the day before or after is a neighbouring window, not slack.
  it.each([
    ["the day before's", 'sales', '2025-01-14'],
    ["the day after's", 'sales-day-after', '2025-01-16'],
  ] as const)('fails a one-day window served %s report', async (_name, fault, servedDay) => {
    const night = { from: '2025-01-15', to: '2025-01-15' } as const;
    world = await startFaultWorld({ simulator: { faults: { wrongWindowReports: fault } } });

    const result = await world.run(night);

    expectFailedWithNotification(world, result, 'FAILED');
    const sales = jobsOf(result).find((job) => job.kind === 'sales');
    expect(sales).toMatchObject({ outcome: 'FAILED', deletion: { status: 'KEPT' } });
    expect(sales?.error).toMatch(
      new RegExp(
        `does not belong to the window ${night.from}\\.\\.${night.to}: \\d+ of \\d+ A1/D1 records are dated ${servedDay}\\.\\.${servedDay}`,
      ),
    );

    world.simulator.setFaults({ wrongWindowReports: 'none' });
    const rerun = await world.run(night);
    expect(rerun.status).toBe('SUCCEEDED');
    const asOf = asOfOf(rerun);
    const receivables = await world.receivables(asOf);
    expect(receivables.length).toBeGreaterThan(0);
    expect(receivables).toEqual(world.expected({ ...night, asOf }));
  });
});
