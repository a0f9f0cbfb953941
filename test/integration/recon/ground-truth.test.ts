/**
 * End to end through real parts: the simulator's sandbox over HTTP (provider client), the
 * normalizer, the store on dynalite; every receivable's view must equal the simulator's answer key
 * exactly, whatever order the reports are ingested in, and a second ingestion writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { ReconConfig } from '../../../lambdas/core/config';
import type { CanonicalRecord, ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { splitIntoWindows } from '../../../lambdas/core/provider/windows';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';
import {
  CONFIGURATIONS,
  type ExpectedReceivable,
  type Simulator,
  startSimulator,
} from '../../../local/simulator';
import { freshTable, storeFor } from '../../support/recon-dynamo';
import { reconConfig } from '../../support/recon-records';
import { clientFor, downloadAll } from '../provider/simulator-harness';

const PERIOD = { from: '2025-01-01', to: '2025-05-31' };
const KINDS: ReportKind[] = ['sales', 'financial'];

/** All pages of both kinds over PERIOD, normalized; one array of records per page. */
async function downloadPeriod(simulator: Simulator, config: ReconConfig): Promise<CanonicalRecord[][]> {
  // The simulator allows 1000 requests a second here: pacing is the provider client's own test.
  const client = clientFor(simulator, { limiter: buildInProcessLimiter({ ratePerSecond: 1_000 }) });
  const normalizer = buildNormalizer(config);
  const pages: CanonicalRecord[][] = [];
  for (const window of splitIntoWindows(PERIOD.from, PERIOD.to)) {
    for (const kind of KINDS) {
      const { reportId } = await client.generate({
        configurationId: CONFIGURATIONS.sandbox[kind],
        ...window,
      });
      for (const page of await downloadAll(client, reportId)) {
        const source = { reportKind: kind, reportId, page: page.page, generatedOn: '2025-06-01' };
        pages.push(
          // The line (the entry's place in the page) tells equal twins apart, as ingestion does.
          page.records.flatMap((raw, line) => {
            const result = normalizer.normalize(raw, source, line);
            return result.ok ? [result.record] : [];
          }),
        );
      }
    }
  }
  return pages;
}

const keyOrder = (a: ExpectedReceivable, b: ExpectedReceivable) => {
  const ka = JSON.stringify([a.acquirer, a.merchant, a.saleDate, a.nsu, a.authorization, a.installment]);
  const kb = JSON.stringify([b.acquirer, b.merchant, b.saleDate, b.nsu, b.authorization, b.installment]);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

// With the simulator's lifecycle records in the reports, recon without `recordRoles` must ignore them.
describe.each([false, true])(
  'reconciliation against the simulator ground truth (lifecycle: %s)',
  (lifecycle) => {
    let simulator: Simulator;
    let dynamo: LocalDynamo;
    let pages: CanonicalRecord[][];
    const config = reconConfig({ graceDays: 3, tolerance: { absoluteCents: 5, percent: 0.25 } });

    beforeAll(async () => {
      [simulator, dynamo] = await Promise.all([
        startSimulator({
          mode: 'sandbox',
          ratePerSecond: 1_000,
          dataset: { sales: 60, from: '2025-01-01', to: '2025-02-28', recordsPerPage: 250, lifecycle },
        }),
        startLocalDynamo(),
      ]);
      pages = await downloadPeriod(simulator, config);
    });
    afterAll(async () => {
      await Promise.all([simulator?.close(), dynamo?.close()]);
    });

    async function ingest(order: CanonicalRecord[][], asOf: IsoDate) {
      const store = storeFor(dynamo.documentClient, await freshTable(dynamo), config, { asOf });
      let writes = 0;
      for (const page of order) writes += (await store.applyRecords(page)).writes;
      return { store, writes };
    }

    /** The receivables as the answer key describes them: the view, restricted to the key's fields. */
    async function views(store: Awaited<ReturnType<typeof ingest>>['store'], asOf: IsoDate) {
      const fields = Object.keys(simulator.groundTruth({ ...PERIOD, asOf, graceDays: 0 })[0] ?? {});
      return (await store.scanAll())
        .map((r) => toReceivableView(r, asOf, config) as unknown as Record<string, unknown>)
        .map(
          (view) =>
            Object.fromEntries(fields.map((field) => [field, view[field]])) as unknown as ExpectedReceivable,
        )
        .sort(keyOrder);
    }

    it('equals the answer key exactly, ingested in either order, as of two dates', async () => {
      const forward = await ingest(pages, '2025-06-01');
      const reversed = await ingest(
        [...pages].reverse().map((page) => [...page].reverse()),
        '2025-06-01',
      );
      expect(forward.writes).toBeLessThanOrEqual(pages.flat().length);

      for (const asOf of ['2025-03-15', '2025-06-10']) {
        const truth = simulator
          .groundTruth({ ...PERIOD, asOf, graceDays: config.graceDays, tolerance: config.tolerance })
          .sort(keyOrder);
        // The answer key exercises (nearly) every state, so "equal" is a strong statement.
        expect(new Set(truth.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
        expect(await views(forward.store, asOf)).toEqual(truth);
        expect(await views(reversed.store, asOf)).toEqual(truth);
      }

      let replayWrites = 0;
      for (const page of pages) replayWrites += (await forward.store.applyRecords(page)).writes;
      expect(replayWrites).toBe(0);
    });
  },
);
