import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, fromEpochDay, toEpochDay } from '../../../lambdas/core/calendar';
import { isAcceptedWindow, splitIntoWindows } from '../../../lambdas/core/provider/windows';

const day = fc.integer({ min: toEpochDay('2020-01-01'), max: toEpochDay('2030-12-31') }).map(fromEpochDay);
const period = fc
  .tuple(day, fc.integer({ min: 0, max: 800 }))
  .map(([from, length]) => ({ from, to: addDays(from, length) }));

describe('splitIntoWindows', () => {
  it('covers the period exactly: starts at from, ends at to, consecutive without gap or overlap', () => {
    fc.assert(
      fc.property(period, fc.integer({ min: 0, max: 60 }), ({ from, to }, maxDays) => {
        const windows = splitIntoWindows(from, to, maxDays);
        expect(windows[0]?.from).toBe(from);
        expect(windows.at(-1)?.to).toBe(to);
        for (let i = 1; i < windows.length; i++) {
          expect(daysBetween(windows[i - 1]?.to ?? '', windows[i]?.from ?? '')).toBe(1);
        }
      }),
    );
  });

  it('makes every window acceptable to the provider (to − from <= 30) and uses as few as possible', () => {
    fc.assert(
      fc.property(period, ({ from, to }) => {
        const windows = splitIntoWindows(from, to);
        for (const window of windows) expect(isAcceptedWindow(window)).toBe(true);
        expect(windows).toHaveLength(Math.ceil((daysBetween(from, to) + 1) / 31));
      }),
    );
  });

  it('fills a 31-day month in one window, since both ends are inclusive', () => {
    expect(splitIntoWindows('2025-01-01', '2025-01-31')).toEqual([{ from: '2025-01-01', to: '2025-01-31' }]);
    expect(splitIntoWindows('2025-01-01', '2025-02-01')).toEqual([
      { from: '2025-01-01', to: '2025-01-31' },
      { from: '2025-02-01', to: '2025-02-01' },
    ]);
  });

  it('returns the single day of a one-day period', () => {
    expect(splitIntoWindows('2025-03-09', '2025-03-09')).toEqual([{ from: '2025-03-09', to: '2025-03-09' }]);
  });

  it('refuses a backwards period and non-dates', () => {
    expect(() => splitIntoWindows('2025-03-10', '2025-03-09')).toThrow(RangeError);
    expect(() => splitIntoWindows('2025-02-30', '2025-03-09')).toThrow(RangeError);
  });
});

describe('isAcceptedWindow', () => {
  it('accepts up to 30 days between the ends and refuses 31 or a backwards window', () => {
    expect(isAcceptedWindow({ from: '2025-01-01', to: '2025-01-31' })).toBe(true);
    expect(isAcceptedWindow({ from: '2025-01-01', to: '2025-02-01' })).toBe(false);
    expect(isAcceptedWindow({ from: '2025-01-02', to: '2025-01-01' })).toBe(false);
  });
});
