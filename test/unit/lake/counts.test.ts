import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IngestCounts } from '../../../lambdas/core/ingest/lake/counts';
import { emptyIngestCounts, mergeIngestCounts } from '../../../lambdas/core/ingest/lake/counts';

const names = fc.constantFrom('A1', 'D1', 'E1', 'BAD_DATE', 'CANAL', 'X', 'paymentDate');
const countsArb: fc.Arbitrary<IngestCounts> = fc.record({
  received: fc.nat(1000),
  byCode: fc.dictionary(names, fc.nat(100)),
  quarantinedByReason: fc.dictionary(names, fc.nat(100)),
  drift: fc.record({
    unknownColumns: fc.uniqueArray(names).map((a) => a.sort()),
    missingFields: fc.uniqueArray(names).map((a) => a.sort()),
  }),
});

describe('mergeIngestCounts', () => {
  it('adds counts and unions drift, deduplicated and sorted', () => {
    const a: IngestCounts = {
      received: 3,
      byCode: { A1: 2 },
      quarantinedByReason: { BAD_DATE: 1 },
      drift: { unknownColumns: ['CANAL', 'X'], missingFields: ['tid'] },
    };
    const b: IngestCounts = {
      received: 4,
      byCode: { A1: 1, D1: 2 },
      quarantinedByReason: { NOT_AN_OBJECT: 1 },
      drift: { unknownColumns: ['AAA', 'CANAL'], missingFields: [] },
    };
    expect(mergeIngestCounts(a, b)).toEqual({
      received: 7,
      byCode: { A1: 3, D1: 2 },
      quarantinedByReason: { BAD_DATE: 1, NOT_AN_OBJECT: 1 },
      drift: { unknownColumns: ['AAA', 'CANAL', 'X'], missingFields: ['tid'] },
    });
  });

  it('is commutative and associative with the empty counts as identity', () => {
    fc.assert(
      fc.property(countsArb, countsArb, countsArb, (a, b, c) => {
        expect(mergeIngestCounts(a, emptyIngestCounts())).toEqual(a);
        expect(mergeIngestCounts(a, b)).toEqual(mergeIngestCounts(b, a));
        expect(mergeIngestCounts(mergeIngestCounts(a, b), c)).toEqual(
          mergeIngestCounts(a, mergeIngestCounts(b, c)),
        );
      }),
    );
  });

  it('does not mutate its inputs', () => {
    const a = emptyIngestCounts();
    mergeIngestCounts(a, { ...emptyIngestCounts(), received: 1, byCode: { A1: 1 } });
    expect(a).toEqual(emptyIngestCounts());
  });
});
