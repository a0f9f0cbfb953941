/**
 * Brazilian bank business days: weekends and the national bank holidays (Carnaval, Good Friday,
 * Corpus Christi, Consciência Negra since 2024, ...) are skipped, and the holidays are the
 * `date-holidays` library's (checked against the library itself and against Easter computed here).
 */
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import TABLE from '../../../lambdas/core/deposits/brazil-bank-holidays.json';
import {
  addBusinessDays,
  bankHolidays,
  isBusinessDay,
  nextBusinessDayFrom,
} from '../../../lambdas/core/deposits/business-days';

describe('isBusinessDay', () => {
  it('skips the 2025 national bank holidays and weekends', () => {
    for (const closed of ['2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19', '2025-11-20']) {
      expect(isBusinessDay(closed), closed).toBe(false);
    }
    expect(isBusinessDay('2025-03-01'), 'Saturday').toBe(false);
    expect(isBusinessDay('2025-03-02'), 'Sunday').toBe(false);
    // Ash Wednesday: banks open (late), credits post.
    expect(isBusinessDay('2025-03-05')).toBe(true);
    expect(isBusinessDay('2025-02-28')).toBe(true);
    expect(isBusinessDay('2025-11-21')).toBe(true);
  });

  it('skips the 2026 ones', () => {
    for (const closed of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04', '2026-11-20']) {
      expect(isBusinessDay(closed), closed).toBe(false);
    }
    expect(isBusinessDay('2026-02-18')).toBe(true);
    expect(isBusinessDay('2026-06-05')).toBe(true);
  });

  it('Consciência Negra is a national holiday from 2024 only', () => {
    expect(isBusinessDay('2023-11-20'), 'a Monday in 2023').toBe(true);
    expect(isBusinessDay('2024-11-20'), 'a Wednesday in 2024').toBe(false);
  });

  it('rejects what is not a calendar date', () => {
    expect(() => isBusinessDay('2025-02-30')).toThrow(/'2025-02-30' is not a calendar date/);
    expect(() => isBusinessDay('03/03/2025')).toThrow(/not a calendar date/);
  });
});

describe('addBusinessDays', () => {
  it('counts over Carnaval', () => {
    expect(addBusinessDays('2025-02-28', 0)).toBe('2025-02-28');
    expect(addBusinessDays('2025-02-28', 1)).toBe('2025-03-05');
    expect(addBusinessDays('2025-02-28', 2)).toBe('2025-03-06');
  });

  it('rolls a date that is not a business day forward first', () => {
    expect(addBusinessDays('2025-06-14', 0), 'Saturday → Monday').toBe('2025-06-16');
    expect(addBusinessDays('2025-06-14', 1)).toBe('2025-06-17');
    expect(addBusinessDays('2025-03-01', 0), 'Saturday before Carnaval → Ash Wednesday').toBe('2025-03-05');
    expect(nextBusinessDayFrom('2025-06-19')).toBe('2025-06-20');
  });

  it('counts over Good Friday and Tiradentes, and across a year end', () => {
    expect(addBusinessDays('2025-04-17', 1)).toBe('2025-04-22');
    expect(addBusinessDays('2025-12-31', 1)).toBe('2026-01-02');
  });

  it('rejects a negative or fractional number of days', () => {
    expect(() => addBusinessDays('2025-03-05', -1)).toThrow(/whole number ≥ 0, got -1/);
    expect(() => addBusinessDays('2025-03-05', 1.5)).toThrow(/got 1.5/);
  });
});

describe('the library decides', () => {
  /** The calendar business-days.ts asked the library for before the table: BR only, no state configured. */
  const reference = new Holidays('BR', { types: ['public', 'bank'] });
  const libraryClosed = (year: number) =>
    new Set(reference.getHolidays(year).map((h) => h.date.slice(0, 10)));

  /** Easter Sunday (anonymous Gregorian algorithm), independently of the library. */
  function easter(year: number): IsoDate {
    const a = year % 19;
    const b = Math.floor(year / 100);
    const c = year % 100;
    const d = Math.floor(b / 4);
    const e = b % 4;
    const f = Math.floor((b + 8) / 25);
    const g = Math.floor((b - f + 1) / 3);
    const h = (19 * a + b - d - g + 15) % 30;
    const i = Math.floor(c / 4);
    const k = c % 4;
    const l = (32 + 2 * e + 2 * i - h - k) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const month = Math.floor((h + l - 7 * m + 114) / 31);
    const day = ((h + l - 7 * m + 114) % 31) + 1;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }

  it('the moving holidays of years nobody wrote down are closed', () => {
    for (let year = 2027; year <= 2040; year += 1) {
      const sunday = easter(year);
      const moving = { carnavalMonday: -48, carnavalTuesday: -47, goodFriday: -2, corpusChristi: 60 };
      for (const [name, offset] of Object.entries(moving)) {
        expect(isBusinessDay(addDays(sunday, offset)), `${name} ${year}`).toBe(false);
      }
      expect(isBusinessDay(addDays(sunday, -46)), `Ash Wednesday ${year}`).toBe(true);
    }
  });

  it("every day of 2027–2032 is a business day exactly when the library's BR public/bank calendar says so", () => {
    for (let year = 2027; year <= 2032; year += 1) {
      const closed = libraryClosed(year);
      expect(bankHolidays(year)).toEqual(closed);
      for (let day: IsoDate = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) {
        const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
        expect(isBusinessDay(day), day).toBe(!weekend && !closed.has(day));
      }
    }
  });

  it('the generated table gives the library’s holidays for every year it covers, and no year past it', () => {
    for (let year = TABLE.firstYear; year <= TABLE.lastYear; year += 1) {
      expect(
        bankHolidays(year),
        `${year}: run tools/brazil-holidays.mjs after a date-holidays upgrade`,
      ).toEqual(libraryClosed(year));
    }
    expect(() => bankHolidays(TABLE.lastYear + 1)).toThrow(/widen it in tools\/brazil-holidays.mjs/);
  });
});
