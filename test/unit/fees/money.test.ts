import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratePercentText } from '../../../lambdas/core/fee-audit/money';

describe('ratePercentText: the rate a fee makes of its gross, in integers', () => {
  it('gives two decimals, rounded half up', () => {
    expect(ratePercentText(239, 10_000)).toBe('2.39');
    expect(ratePercentText(240, 10_000)).toBe('2.40');
    expect(ratePercentText(0, 10_000)).toBe('0.00');
    // 1 / 8000 = 0.0125% → 0.01; 1 / 400 = 0.25%; 5 / 40000 = 0.0125%; 1 / 200000 = 0.0005% → 0.00
    expect(ratePercentText(1, 8_000)).toBe('0.01');
    expect(ratePercentText(1, 400)).toBe('0.25');
    expect(ratePercentText(1, 200_000)).toBe('0.00');
    // 3 / 200 = 1.5% exactly; 1 / 3 = 33.333…%; 2 / 3 = 66.666…% → 66.67
    expect(ratePercentText(3, 200)).toBe('1.50');
    expect(ratePercentText(2, 3)).toBe('66.67');
  });

  it('reads an exact half up, where a binary float could round down', () => {
    // 1.005% of 1,000,000 centavos is 10,050 centavos: exactly 1.005 → 1.01 (toFixed(2) gives 1.00)
    expect(ratePercentText(10_050, 1_000_000)).toBe('1.01');
  });

  it('keeps the sign of a negative fee', () => {
    expect(ratePercentText(-239, 10_000)).toBe('-2.39');
  });

  it('equals the exact rational rounding for any fee and gross', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (fee, gross) => {
          const hundredths = (BigInt(fee) * 20_000n + BigInt(gross)) / (BigInt(gross) * 2n);
          const text = ratePercentText(fee, gross);
          expect(BigInt(text.replace('.', ''))).toBe(hundredths);
          expect(text).toMatch(/^\d+\.\d\d$/);
        },
      ),
    );
  });
});
