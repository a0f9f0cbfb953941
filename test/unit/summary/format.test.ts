import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBrl, formatBrlShort, formatCount } from '../../../lambdas/core/report/brl';
import { formatDate, formatInstant, formatSeconds } from '../../../lambdas/core/report/i18n';

describe('money and numbers for people', () => {
  it('writes reais as pt-BR does by default, sign first, and the English way by option', () => {
    expect([-17_320, 0, 5, 123_456_789].map((c) => formatBrl(c, 'pt-BR'))).toEqual([
      '-R$ 173,20',
      'R$ 0,00',
      'R$ 0,05',
      'R$ 1.234.567,89',
    ]);
    expect(formatBrl(123_456_789, 'en')).toBe('R$ 1,234,567.89');
    expect([formatCount(1653, 'pt-BR'), formatCount(1653, 'en'), formatCount(999, 'pt-BR')]).toEqual([
      '1.653',
      '1,653',
      '999',
    ]);
  });

  it('is exact for every integer amount a book can hold (no floating point on the way)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (cents) => {
        const digits = formatBrl(cents, 'pt-BR').replace(/[^\d-]/g, '');
        expect(BigInt(digits)).toBe(BigInt(cents));
      }),
    );
  });

  it('shortens axis values to mil/mi (k/M) without losing a round tick', () => {
    const ticks = [0, 50_000, 100_000, 150_000, 2_500_000, 100_000_000, 150_000_000, 125_000_000_000];
    expect(ticks.map((c) => formatBrlShort(c, 'pt-BR'))).toEqual([
      'R$ 0',
      'R$ 500',
      'R$ 1 mil',
      'R$ 1,5 mil',
      'R$ 25 mil',
      'R$ 1 mi',
      'R$ 1,5 mi',
      'R$ 1.250 mi',
    ]);
    expect([150_000, 150_000_000].map((c) => formatBrlShort(c, 'en'))).toEqual(['R$ 1.5k', 'R$ 1.5M']);
    expect(formatBrlShort(1_050, 'pt-BR')).toBe('R$ 10,50');
  });
});

describe('dates and times for people', () => {
  it('writes dd/MM/yyyy in Portuguese and day, month name, year in English', () => {
    expect(formatDate('2025-03-07', 'pt-BR')).toBe('07/03/2025');
    expect(formatDate('2025-03-07', 'en')).toBe('7 Mar 2025');
  });

  it('gives instants in São Paulo time, 24-hour clock', () => {
    expect(formatInstant('2025-03-10T09:30:00.000Z', 'pt-BR')).toBe('10/03/2025 06:30 (horário de Brasília)');
    expect(formatInstant('2025-03-10T02:05:00.000Z', 'en')).toBe('9 Mar 2025 23:05 (Brasília time)');
  });

  it('writes durations with the language decimal mark', () => {
    expect([formatSeconds(12_345, 'pt-BR'), formatSeconds(12_345, 'en'), formatSeconds(40, 'en')]).toEqual([
      '12,3',
      '12.3',
      '0.0',
    ]);
  });
});
