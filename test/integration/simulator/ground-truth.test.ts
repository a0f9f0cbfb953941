import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURATIONS, type Simulator, startSimulator } from '../../../local/simulator';
import { clientFor, downloadAll } from './client';
import { parse } from './normalize';

/** Three <= 30-day windows covering the first quarter, as recon would request them. */
const WINDOWS = [
  ['01/01/2025', '30/01/2025'],
  ['31/01/2025', '01/03/2025'],
  ['02/03/2025', '31/03/2025'],
] as const;

describe('simulator answer key', () => {
  let sim: Simulator;
  let entries: unknown[];
  beforeAll(async () => {
    sim = await startSimulator({
      mode: 'production',
      ratePerSecond: 100_000,
      timing: { waitingMs: 0, processingMs: 0 },
    });
    const client = clientFor(sim);
    entries = [];
    for (const config of Object.values(CONFIGURATIONS.production)) {
      for (const [from, to] of WINDOWS)
        entries.push(...(await downloadAll(client, await client.generate(config, from, to))));
    }
  });
  afterAll(() => sim.close());

  it('agrees with the records served: forecasts, settled sums and due dates per key', () => {
    const byKey = new Map<string, { forecast: number | null; settled: number; dueDate: string }>();
    const parsed = entries.map(parse);
    for (const record of parsed) {
      if (record?.code !== 'A1' && record?.code !== 'D1') continue;
      const entry = byKey.get(record.key) ?? { forecast: null, settled: 0, dueDate: record.dueDate };
      if (record.code === 'A1') entry.forecast = record.netCents;
      else entry.settled += record.netCents;
      byKey.set(record.key, entry);
    }
    const truth = sim.groundTruth({ from: '2025-01-01', to: '2025-03-31', asOf: '2025-04-01', graceDays: 3 });
    expect(truth).toHaveLength(byKey.size);
    for (const t of truth) {
      const key = [t.acquirer, t.merchant, t.saleDate, t.nsu, t.authorization, t.installment].join('|');
      expect(byKey.get(key)).toEqual({
        forecast: t.forecastNetCents,
        settled: t.settledNetCents,
        dueDate: t.dueDate,
      });
    }
    const counts = sim.expectedRecordCounts({ from: '2025-01-01', to: '2025-03-31' });
    expect(parsed.filter((p) => p === undefined)).toHaveLength(counts.malformed);
    expect(entries).toHaveLength(counts.total);
  });
});
