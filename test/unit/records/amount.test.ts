import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandExponent, parseCents } from '../../../lambdas/core/ingest/records/amount';
import { formatCents } from '../../../lambdas/core/money';

/** Every way the provider may write an amount, built from centavos with string arithmetic. */
const FORMS = {
  dotDecimal: (sign: string, int: string, frac: string) => `${sign}${int}.${frac}`,
  commaDecimal: (sign: string, int: string, frac: string) => `${sign}${int},${frac}`,
  brazilianGrouped: (sign: string, int: string, frac: string) => `${sign}${group(int, '.')},${frac}`,
  englishGrouped: (sign: string, int: string, frac: string) => `${sign}${group(int, ',')}.${frac}`,
  paddedWithSpaces: (sign: string, int: string, frac: string) => `  ${sign}${int},${frac} `,
} as const;

function group(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function parts(cents: number): [string, string, string] {
  const abs = String(Math.abs(cents)).padStart(3, '0');
  return [cents < 0 ? '-' : '', abs.slice(0, -2), abs.slice(-2)];
}

const centsArb = fc.integer({ min: -(10 ** 15 - 1), max: 10 ** 15 - 1 });

describe('parseCents', () => {
  it.each([
    [123.45, 12345],
    ['123.45', 12345],
    ['123,45', 12345],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234.567,8', 123456780],
    ['1.234.567', 123456700],
    ['1,234,567', 123456700],
    ['-10,5', -1050],
    ['+3', 300],
    [',5', 50],
    ['0,05', 5],
    ['10.5000', 1050],
    ['-0,00', 0],
    [0.1, 10],
    [-0.07, -7],
    [1e21 / 1e8, 1000000000000000],
    [0, 0],
  ])('reads %j as %d centavos', (input, cents) => {
    expect(parseCents(input)).toEqual({ ok: true, cents });
  });

  it.each([null, undefined, '', '   '])('reads %j as an absent amount', (input) => {
    expect(parseCents(input)).toEqual({ ok: true, cents: null });
  });

  it.each([
    ['1.0055', 'more than 2 decimals'],
    [1.005, 'more than 2 decimals'],
    [0.1 + 0.2, 'more than 2 decimals'],
    [1e-7, 'more than 2 decimals'],
    ['1.234', 'ambiguous'],
    ['1,500', 'ambiguous'],
    ['12.34,56', 'not an amount'],
    ['1.23.4', 'not an amount'],
    ['1,234.567.8', 'not an amount'],
    ['abc', 'not an amount'],
    ['1e5', 'not an amount'],
    ['R$ 10,00', 'not an amount'],
    ['-', 'not an amount'],
    [1e21, 'out of range'],
    [Number.NaN, 'not a finite number'],
    [Number.POSITIVE_INFINITY, 'not a finite number'],
    [true, 'unexpected boolean'],
    [{}, 'unexpected object'],
  ])('rejects %j (%s)', (input, why) => {
    const result = parseCents(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(why);
  });

  for (const [name, form] of Object.entries(FORMS)) {
    it(`round-trips centavos written as ${name}`, () => {
      fc.assert(
        fc.property(centsArb, (cents) => {
          expect(parseCents(form(...parts(cents)))).toEqual({ ok: true, cents });
        }),
      );
    });
  }

  it('round-trips centavos written by formatCents', () => {
    fc.assert(
      fc.property(centsArb, (cents) => {
        expect(parseCents(formatCents(cents))).toEqual({ ok: true, cents });
      }),
    );
  });

  it('round-trips centavos received as a JSON number', () => {
    fc.assert(
      fc.property(centsArb, (cents) => {
        const [sign, int, frac] = parts(cents);
        const received = JSON.parse(`${sign}${int}.${frac}`) as number;
        expect(parseCents(received)).toEqual({ ok: true, cents });
      }),
    );
  });

  it('reads any number as the decimal text it is written as', () => {
    const twoDecimals = fc.integer({ min: -(2 ** 45), max: 2 ** 45 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), twoDecimals), (n) => {
        const viaText = parseCents(expandExponent(String(n)));
        if (viaText.ok) expect(parseCents(n)).toEqual(viaText);
        else expect(parseCents(n).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts trailing zero decimals and rejects any other third decimal', () => {
    fc.assert(
      fc.property(
        centsArb,
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 4 }),
        (cents, digit, zeros) => {
          const [sign, int, frac] = parts(cents);
          expect(parseCents(`${sign}${int},${frac}${'0'.repeat(zeros + 1)}`)).toEqual({ ok: true, cents });
          expect(parseCents(`${sign}${int},${frac}${'0'.repeat(zeros)}${digit}`).ok).toBe(false);
        },
      ),
    );
  });
});

describe('expandExponent', () => {
  it.each([
    ['1e+21', '1000000000000000000000'],
    ['1.5e-7', '0.00000015'],
    ['-2.5e+3', '-2500'],
    ['1.25e1', '12.5'],
    ['123.45', '123.45'],
  ])('%s → %s', (text, plain) => {
    expect(expandExponent(text)).toBe(plain);
  });
});
