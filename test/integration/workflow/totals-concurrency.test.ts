/**
 * The kept book totals through the real local pipeline (synthesized state machine, dynalite,
 * s3rver, simulator) when two executions of overlapping windows run at once, as `recon backfill`
 * starts them. Two faults are injected in the SDK's own request stack:
 * - the first batch to add its delta is held until the other execution has finished, so that
 *   execution's aging and summary read the totals while the held batch's writes are in the table and
 *   its delta is not (before the fix: recounted, replaced, then the delta added on top);
 * - the first settling receivable put lands and its answer is lost: the SDK's retry strategy sends
 *   it again and meets the write it made (before the fix: the settlement never reached the totals).
 * Afterwards the kept totals must equal a recount of the table, and the summary's book the book
 * computed from every receivable.
 */
import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/client-dynamodb';
import type { FinalizeRequestMiddleware } from '@smithy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { largestFromScan } from '../../../lambdas/core/action-list/store';
import { buildTotalsStore } from '../../../lambdas/core/book/book-store';
import { buildBookReader } from '../../../lambdas/core/book/reader';
import { countCells, recountTotals } from '../../../lambdas/core/book/recount';
import { parseReconConfig } from '../../../lambdas/core/config';
import { collect, scanPages } from '../../../lambdas/core/receivables/queries';
import { toReceivableView } from '../../../lambdas/core/receivables/view';
import { bookFromReceivables } from '../../../lambdas/core/report/compute';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { runOk } from './variance-world';

const config = parseReconConfig({});
const EARLY = { from: '2025-01-01', to: '2025-01-20' };
const LATE = { from: '2025-01-10', to: '2025-01-31' };

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type Input = Record<string, { S?: string } | undefined> & {
  Key?: { pk?: { S?: string } };
  Item?: { pk?: { S?: string }; s?: unknown };
  UpdateExpression?: string;
};

/** The two faults, as a middleware inside the SDK's retry loop (so the SDK itself retries). */
function faults() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen = { held: 0, lost: 0 };
  const middleware: FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes> =
    (next, context) => async (args) => {
      const input = args.input as unknown as Input;
      const command = (context as { commandName?: string }).commandName;
      const addsDelta = command === 'UpdateItemCommand' && input.UpdateExpression?.includes('#applied');
      if (addsDelta && input.Key?.pk?.S === 'TOTALS' && seen.held === 0) {
        seen.held += 1;
        await gate;
      }
      const result = await next(args);
      const settles = command === 'PutItemCommand' && input.Item?.pk?.S?.startsWith('RCV#') && input.Item.s;
      if (settles && seen.lost === 0) {
        seen.lost += 1; // landed; the answer is lost on the way back
        throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
      }
      return result;
    };
  return { middleware, release, seen };
}

describe('book totals with overlapping executions at once and a lost answer', () => {
  it('equal a recount of the table', async () => {
    world = await startLocalWorld({
      mode: 'production',
      workflow: { pagesPerBatch: 2 },
      simulator: {
        dataset: { sales: 16, from: '2024-12-01', to: '2025-01-31', recordsPerPage: 20 },
        timing: { waitingMs: 10, processingMs: 20 },
      },
    });
    const w = world;
    const deps = { ddb: w.dynamo.documentClient, tableName: w.dynamo.tableName, config };
    const totals = buildTotalsStore(deps);
    // A table whose totals are kept already (recounted once, empty): nothing needs a recount.
    await recountTotals({ ...deps, totals }, '2025-01-01');

    const injected = faults();
    w.dynamo.client.middlewareStack.add(injected.middleware, {
      step: 'finalizeRequest',
      priority: 'low',
      name: 'totalsConcurrencyFaults',
    });
    const runs = [runOk(w, EARLY), runOk(w, LATE)];
    await Promise.race(runs); // the execution whose batch is not held finishes first
    injected.release();
    const [asOf] = await Promise.all(runs);
    expect(injected.seen, 'both faults happened').toEqual({ held: 1, lost: 1 });

    const kept = await totals.load();
    expect(kept, 'kept totals trusted').toBeDefined();
    expect(kept?.cells).toEqual(await countCells({ ...deps, totals }, asOf as string));
    const views = (await collect(scanPages(deps))).map((r) => ({
      ...toReceivableView(r, asOf as string, config),
      capped: r.capped,
    }));
    expect(views.length).toBeGreaterThan(0);
    expect(await buildBookReader(deps)(asOf as string, largestFromScan(deps))).toEqual(
      bookFromReceivables(views, asOf as string),
    );
  });
});
