/**
 * The shifted renderings knob writes the same day and the same number: every form it draws reads back
 * as what it was drawn from, also on São Paulo's summer-time days (before 2019).
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../lambdas/core/calendar';
import { parseRecordDate } from '../../../lambdas/core/ingest/records/dates';
import { normalizeIdentifier } from '../../../lambdas/core/ingest/records/identifiers';
import { shiftedDate, shiftedId } from '../../../local/simulator/rendering/shifted';
import { rngFor } from '../../../local/simulator/universe/random';

describe('shifted renderings', () => {
  it('writes instants of the São Paulo day, many of them on another written day', () => {
    let movedDays = 0;
    // Across the start (2018-11-04) and end (2019-02-17) of Brazil's last summer time, and in 2025.
    for (const first of ['2018-10-20', '2019-02-01', '2025-01-01']) {
      for (let n = 0; n < 40; n++) {
        const day = addDays(first, n);
        const written = shiftedDate(rngFor(7, 'day', day), day);
        expect(parseRecordDate(written)).toEqual({ ok: true, date: day });
        if (!written.startsWith(day)) movedDays++;
      }
    }
    expect(movedDays).toBeGreaterThan(20);
  });

  it('writes numbers that normalize to the same identifier', () => {
    const forms = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const digits = String(1 + n * 7919);
      const written = shiftedId(rngFor(7, 'id', n), digits);
      forms.add(written.replace(/\d+/g, '#'));
      expect(normalizeIdentifier(written.trim(), 'numeric')).toEqual({ ok: true, value: digits });
      expect(normalizeIdentifier(written.trim(), 'digits')).toEqual({ ok: true, value: digits });
    }
    expect(forms.size).toBeGreaterThan(5);
  });
});
