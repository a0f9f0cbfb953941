import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDate, isIsoDate } from '../../../lambdas/core/calendar';
import { parseRecordDate } from '../../../lambdas/core/ingest/records/dates';

const isoDateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const clockArb = fc.tuple(
  fc.integer({ min: 0, max: 23 }),
  fc.integer({ min: 0, max: 59 }),
  fc.constantFrom('', ':07', ':07.123', ':59.123456'),
);
const pad2 = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** A time without a zone: São Paulo wall-clock time, so the written date stands. */
const localTimeArb = fc
  .tuple(clockArb, fc.constantFrom('T', ' '))
  .map(([[h, m, s], sep]) => `${sep}${pad2(h)}:${pad2(m)}${s}`);

/** Offsets in every form ISO 8601 allows, in minutes east of UTC. */
const offsetArb = fc.tuple(
  fc.integer({ min: -12 * 60, max: 14 * 60 }),
  fc.constantFrom('Z-if-zero', 'HH:mm', 'HHmm', 'HH-if-whole'),
);

function writeOffset(minutes: number, style: string): string {
  if (minutes === 0 && style === 'Z-if-zero') return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const [h, m] = [pad2(Math.trunc(minutes / 60)), pad2(minutes % 60)];
  if (style === 'HHmm') return `${sign}${h}${m}`;
  if (style === 'HH-if-whole' && minutes % 60 === 0) return `${sign}${h}`;
  return `${sign}${h}:${m}`;
}

describe('parseRecordDate', () => {
  it('reads every accepted form of a date as the same ISO date', () => {
    fc.assert(
      fc.property(isoDateArb, localTimeArb, (iso, time) => {
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

  it('reads a date-time with an offset as the São Paulo date of its instant', () => {
    // One instant, three written dates: a São Paulo evening is the next day in UTC and in Tokyo.
    for (const form of ['2025-01-10T23:30-03:00', '2025-01-11T02:30Z', '2025-01-11T11:30:00+09:00']) {
      expect(parseRecordDate(form)).toEqual({ ok: true, date: '2025-01-10' });
    }
    expect(parseRecordDate('2025-03-01T00:30:00+09:00')).toEqual({ ok: true, date: '2025-02-28' });
    expect(parseRecordDate('2025-03-01T02:59:59.999Z')).toEqual({ ok: true, date: '2025-02-28' });
    expect(parseRecordDate('2025-03-01T03:00:00Z')).toEqual({ ok: true, date: '2025-03-01' });
  });

  it("follows São Paulo's historical offsets: summer time (-02:00) until 2019", () => {
    // 02:30 UTC is 00:30 under summer time (same day) and 23:30 the day before at -03:00.
    expect(parseRecordDate('2018-12-01T02:30:00Z')).toEqual({ ok: true, date: '2018-12-01' });
    expect(parseRecordDate('2019-12-01T02:30:00Z')).toEqual({ ok: true, date: '2019-11-30' });
    // The night summer time began (2018-11-04 00:00 -03:00 became 01:00 -02:00).
    expect(parseRecordDate('2018-11-04T02:59:00Z')).toEqual({ ok: true, date: '2018-11-03' });
    expect(parseRecordDate('2018-11-04T03:00:00Z')).toEqual({ ok: true, date: '2018-11-04' });
  });

  it('agrees with the time-zone database at both ends of every hour of a summer time (2018-19) and before 1914', () => {
    const hour = 3_600_000;
    const zulu = (instant: number) => `${new Date(instant).toISOString().slice(0, 23)}Z`;
    const starts = [Date.UTC(2018, 9, 1), Date.UTC(1913, 11, 31)];
    const ends = [Date.UTC(2019, 2, 1), Date.UTC(1914, 0, 2)];
    starts.forEach((start, period) => {
      for (let at = start; at < (ends[period] as number); at += hour) {
        for (const instant of [at, at + hour - 1]) {
          expect(parseRecordDate(zulu(instant))).toEqual({ ok: true, date: businessDate(new Date(instant)) });
        }
      }
    });
    // Local mean time (-03:06:28) until 1914: 03:05 UTC was still the day before.
    expect(parseRecordDate('1914-01-01T03:05:00Z')).toEqual({ ok: true, date: '1913-12-31' });
  });

  it('gives every writing of one São Paulo instant its São Paulo date (2020 on: -03:00 all year)', () => {
    const minute = 60_000;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1) / minute, max: Date.UTC(2199, 11, 31) / minute }),
        offsetArb,
        (atMinute, [offset, style]) => {
          const instant = atMinute * minute;
          const expected = new Date(instant - 3 * 60 * minute).toISOString().slice(0, 10);
          const wall = new Date(instant + offset * minute).toISOString().slice(0, 16);
          expect(parseRecordDate(`${wall}${writeOffset(offset, style)}`)).toEqual({
            ok: true,
            date: expected,
          });
        },
      ),
    );
  });

  it('keeps the written date of a date-time without a zone (São Paulo wall-clock time)', () => {
    expect(parseRecordDate('2025-03-01T23:30:00')).toEqual({ ok: true, date: '2025-03-01' });
    expect(parseRecordDate('2025-03-01 00:30')).toEqual({ ok: true, date: '2025-03-01' });
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
    '2025-03-01T24:00',
    '2025-03-01T23:60Z',
    '2025-03-01T23:00:60',
    '2025-03-01T23:00+19:00',
    '2025-03-01T23:00+03:60',
    '2025-03-01T23:00+03:',
    '2025-02-30T23:00Z',
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
