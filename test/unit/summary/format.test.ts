import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeAuditHtml } from '../../../lambdas/core/fee-audit/report-section';
import { formatBrl, formatBrlShort, formatCents, formatCount } from '../../../lambdas/core/money';
import { formatDate, formatInstant, formatSeconds } from '../../../lambdas/core/report-kit/dates';
import { formatPercent } from '../../../lambdas/core/report-kit/percent';
import { formatQuantity, pluralIn } from '../../../lambdas/core/report-kit/plural';

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

describe('one formatter for every reader', () => {
  it('writes the CLI and simulator amounts as the report does, without the currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (cents) => {
        expect(`${cents < 0 ? '-' : ''}R$ ${formatCents(Math.abs(cents))}`).toBe(formatBrl(cents, 'pt-BR'));
        expect(formatCents(cents, 'en')).toBe(formatBrl(cents, 'en').replace('R$ ', ''));
      }),
    );
    expect(formatCents(-123_456)).toBe('-1.234,56');
  });

  it('puts a count in the plural except for one, zero included in Portuguese', () => {
    expect([0, 1, 2, 1_000_000].map((n) => formatQuantity(n, 'recebível', 'recebíveis', 'pt-BR'))).toEqual([
      '0 recebíveis',
      '1 recebível',
      '2 recebíveis',
      '1.000.000 recebíveis',
    ]);
    expect([0, 1, 2].map((n) => pluralIn('en')(n, 'row', 'rows'))).toEqual(['rows', 'row', 'rows']);
  });

  it("writes the fee audit's sale dates as every other date of the report", () => {
    const sale = { key: 'k', acquirer: 'A', brand: 'B', saleDate: '2025-03-01', nsu: '7', installment: 1 };
    const amounts = { contractFeeCents: 1, chargedFeeCents: 2, differenceCents: 1 };
    const item = {
      ...sale,
      kind: 'SALE' as const,
      contractMdrPercent: '1',
      chargedMdrPercent: '2',
      ...amounts,
    };
    const lines = [{ acquirer: 'A', brand: 'B', overchargedCents: 1, items: 1 }];
    const feeAudit = {
      state: 'ON' as const,
      audited: 1,
      withoutRate: 0,
      overchargedCents: 1,
      byAcquirerBrand: lines,
    };
    expect(String(feeAuditHtml({ language: 'pt-BR', feeAudit: { ...feeAudit, largest: [item] } }))).toContain(
      '>A · B · 01/03/2025 NSU 7 #1<',
    );
    expect(String(feeAuditHtml({ language: 'en', feeAudit: { ...feeAudit, largest: [item] } }))).toContain(
      '>A · B · 1 Mar 2025 NSU 7 #1<',
    );
    // Its rates as finance writes them, not as the CSV keeps them.
    const pt = String(feeAuditHtml({ language: 'pt-BR', feeAudit: { ...feeAudit, largest: [item] } }));
    expect(pt).toContain('>1,00 %<');
    expect(pt).toContain('>2,00 %<');
    expect(String(feeAuditHtml({ language: 'en', feeAudit: { ...feeAudit, largest: [item] } }))).toContain(
      '>1.00%<',
    );
  });

  it('writes a rate with a comma and at least two decimals in Portuguese, every digit kept', () => {
    expect(['2.7', '1', '0.4567', '12.30'].map((rate) => formatPercent(rate, 'pt-BR'))).toEqual([
      '2,70 %',
      '1,00 %',
      '0,4567 %',
      '12,30 %',
    ]);
    expect(formatPercent('2.7', 'en')).toBe('2.70%');
  });
});
