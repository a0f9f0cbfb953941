/**
 * One identity's deliveries (several reports, pages of 10 lines, seam copies on the last line of a
 * page and the first of the next, line sequences or none) applied page by page in any order and in
 * any batching of whole pages (as the pipeline applies them) reach one content; a replay changes
 * nothing; copies equal an independent count.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CanonicalRecord } from '../../../lambdas/core/ingest/records/canonical';
import { applyRecords, type ReceivableContent } from '../../../lambdas/core/receivables/matcher';
import { canonical, reconConfig, saleKey } from '../../support/recon-records';

const config = reconConfig();
const LINES = 10;

const deliveryArb = fc.record({
  report: fc.constantFrom('1', '2'),
  page: fc.integer({ min: 1, max: 4 }),
  line: fc.constantFrom(0, 1, 5, LINES - 1),
  sequence: fc.option(fc.constantFrom('7', '8'), { freq: 3 }),
});

type Delivery = { report: string; page: number; line: number; sequence: string | null };

function record(d: Delivery): CanonicalRecord {
  return canonical({
    type: 'D1',
    key: saleKey(3),
    hash: 'd',
    lineSequence: d.sequence,
    at: { reportId: d.report, generatedOn: '2025-04-02', page: d.page, line: d.line, lines: LINES },
  });
}

/** The documented count, computed here: per report, sequences once, else lines minus seam pairs. */
function expectedCopies(deliveries: readonly Delivery[]): { copies: number; seam: boolean } {
  let copies = 1;
  let seam = false;
  for (const report of ['1', '2']) {
    const mine = deliveries.filter((d) => d.report === report);
    const sequences = new Set(mine.filter((d) => d.sequence !== null).map((d) => d.sequence));
    const places = new Set(mine.filter((d) => d.sequence === null).map((d) => `${d.page}/${d.line}`));
    let count = sequences.size + places.size;
    for (const place of places) {
      const [page, line] = place.split('/').map(Number) as [number, number];
      if (line === LINES - 1 && places.has(`${page + 1}/0`)) {
        count--;
        seam = true;
      }
    }
    copies = Math.max(copies, count);
  }
  return { copies, seam };
}

/** Pages in the given order, cut into batches at `cuts` (a page is never split, as in the pipeline). */
function applyInBatches(
  deliveries: readonly Delivery[],
  pageOrder: readonly string[],
  cuts: readonly number[],
) {
  const pages = pageOrder.map((page) =>
    deliveries.filter((d) => `${d.report}/${d.page}` === page).map(record),
  );
  let content: ReceivableContent | undefined;
  let start = 0;
  for (const end of [...cuts.filter((c) => c < pages.length).sort((a, b) => a - b), pages.length]) {
    content = applyRecords(content, pages.slice(start, end).flat(), config).receivable;
    start = end;
  }
  return content;
}

const pagesOf = (deliveries: readonly Delivery[]) => [
  ...new Set(deliveries.map((d) => `${d.report}/${d.page}`)),
];

describe('occurrences of one identity', () => {
  it('are counted by the documented rule, in any order and any batching, and a replay changes nothing', () => {
    const scenario = fc
      .array(deliveryArb, { minLength: 1, maxLength: 12 })
      .chain((deliveries) =>
        fc.tuple(
          fc.constant(deliveries),
          fc.shuffledSubarray(pagesOf(deliveries), { minLength: pagesOf(deliveries).length }),
          fc.array(fc.nat(8), { maxLength: 4 }),
        ),
      );
    fc.assert(
      fc.property(scenario, ([deliveries, shuffled, cuts]) => {
        const one = applyInBatches(deliveries, pagesOf(deliveries), []);
        const other = applyInBatches(deliveries, shuffled, cuts);
        expect(other).toEqual(one);
        const occurrences = one?.settlements[0]?.occurrences;
        expect({ copies: occurrences?.copies, seam: occurrences?.seam }).toEqual(expectedCopies(deliveries));
        expect(applyRecords(one, deliveries.map(record), config).receivable).toBe(one);
      }),
      { numRuns: 300 },
    );
  });
});
