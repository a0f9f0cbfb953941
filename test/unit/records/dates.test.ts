import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../../lambdas/core/calendar';
import { parseRecordDate } from '../../../lambdas/core/records/dates';

const isoDateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const timeArb = fc
  .tuple(
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom('', ':07', ':07.123', ':59.123456'),
    fc.constantFrom('', 'Z', '-03:00', '+14:00', '-0300', '+05'),
    fc.constantFrom('T', ' '),
  )
  .map(
    ([h, m, s, zone, sep]) => `${sep}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${s}${zone}`,
  );

describe('parseRecordDate', () => {
  it('reads every accepted form of a date as the same ISO date', () => {
    fc.assert(
      fc.property(isoDateArb, timeArb, (iso, time) => {
        const [y, m, d] = iso.split('-');
        for (const form of [
          Number(`${y}${m}${d}`),
          `${y}${m}${d}`,
          iso,
          `${d}/${m}/${y}`,
          `${iso}${time}`,
          ` ${iso} `,
        ]) {
          expect(parseRecordDate(form)).toEqual({ ok: true, date: iso });
        }
      }),
    );
  });

  it('keeps the calendar date as written, without shifting time zones', () => {
    expect(parseRecordDate('2025-03-01T23:30:00-03:00')).toEqual({ ok: true, date: '2025-03-01' });
    expect(parseRecordDate('2025-03-01T00:30:00+09:00')).toEqual({ ok: true, date: '2025-03-01' });
  });

  it('agrees with calendar.isIsoDate on every yyyyMMdd, valid or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          expect(parseRecordDate(iso.replaceAll('-', '')).ok).toBe(isIsoDate(iso));
        },
      ),
    );
  });

  it.each([null, undefined, '', '  '])('reads %j as an absent date', (input) => {
    expect(parseRecordDate(input)).toEqual({ ok: true, date: null });
  });

  it.each([
    20250231,
    '20250231',
    '2025-02-29',
    '31/04/2025',
    '2025-13-01',
    2025030,
    20250301.5,
    '2025/03/01',
    '03/01/25',
    '2025-03-01T25',
    '2025-03-01Tnoon',
    'yesterday',
    true,
    {},
  ])('rejects %j as BAD_DATE material', (input) => {
    expect(parseRecordDate(input).ok).toBe(false);
  });

  it('accepts 29 February only in leap years', () => {
    expect(parseRecordDate(20240229)).toEqual({ ok: true, date: '2024-02-29' });
    expect(parseRecordDate(20000229)).toEqual({ ok: true, date: '2000-02-29' });
    expect(parseRecordDate(21000229).ok).toBe(false);
  });
});
