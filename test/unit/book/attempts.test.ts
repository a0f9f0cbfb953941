/** Attempt ids of the book totals: short, unique, and their start read back in either form. */
import { describe, expect, it } from 'vitest';
import {
  attemptOf,
  attemptStart,
  chunkMarker,
  judgeMarkers,
  LEASE_MS,
  newAttemptId,
} from '../../../lambdas/core/book/attempts';

const START = new Date('2025-01-31T05:00:00.123Z');

describe('attempt ids', () => {
  it('are 21 characters, unique, and carry their start to the millisecond', () => {
    const ids = Array.from({ length: 1_000 }, () => newAttemptId(START));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toHaveLength(21);
      expect(attemptStart(id)).toBe(START.getTime());
      expect(attemptOf(chunkMarker(id, 3))).toBe(id);
    }
  });

  it("read an earlier version's `<ISO start>/<uuid>` and know no start in a bare id", () => {
    expect(attemptStart('2025-01-31T05:00:00.123Z/0b4f2a1c-7d55-4c1e-9f7e-2b7f1d7a9c01')).toBe(
      START.getTime(),
    );
    expect(attemptStart('0b4f2a1c-7d55-4c1e-9f7e-2b7f1d7a9c01')).toBeUndefined();
  });

  it('judge a short id live within its lease and dead after it', () => {
    const id = newAttemptId(START);
    const markers = { started: [id], applied: [], abandoned: [] };
    expect(judgeMarkers(markers, new Date(START.getTime() + LEASE_MS - 1)).live).toEqual([id]);
    expect(judgeMarkers(markers, new Date(START.getTime() + LEASE_MS)).dead).toEqual([id]);
  });
});
