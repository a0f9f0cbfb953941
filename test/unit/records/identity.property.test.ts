/**
 * Record identity from meaning, not bytes: every rendering the provider may use for one record gives
 * one identity, and records that differ in an identity field never share one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/records/normalize';

const source = (reportId: string): RecordSource => ({
  reportKind: 'financial',
  reportId,
  page: 1,
  generatedOn: '2025-04-02',
});

interface Meaning {
  code: 'A1' | 'D1';
  acquirer: number;
  merchant: number;
  nsu: number;
  authorization: string;
  installment: number;
  sale: [number, number, number];
  due: [number, number, number];
  pay: [number, number, number];
  gross: number;
  fee: number;
  net: number;
}

const dayParts = fc.tuple(
  fc.integer({ min: 2020, max: 2030 }),
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 1, max: 28 }),
);
const meaning: fc.Arbitrary<Meaning> = fc.record({
  code: fc.constantFrom('A1' as const, 'D1' as const),
  acquirer: fc.integer({ min: 1, max: 99 }),
  merchant: fc.integer({ min: 1_000_000, max: 99_999_999_999_999 }),
  nsu: fc.integer({ min: 1, max: 999_999_999 }),
  authorization: fc.stringMatching(/^[A-Z0-9]{6}$/),
  installment: fc.integer({ min: 1, max: 12 }),
  sale: dayParts,
  due: dayParts,
  pay: dayParts,
  gross: fc.integer({ min: 0, max: 99_999_999 }),
  fee: fc.integer({ min: 0, max: 9_999 }),
  net: fc.integer({ min: 1, max: 99_999_999 }),
});

/** One way of writing every value: the choices an independent provider may make. */
interface Rendering {
  keyCase: 'upper' | 'lower' | 'camel';
  date: number;
  amount: number;
  padZeros: number;
  numbersAsNumbers: boolean;
  punctuateCnpj: boolean;
  authCase: 'upper' | 'lower';
  spaces: boolean;
  extraColumns: [string, string][];
  reverseKeys: boolean;
}

const rendering: fc.Arbitrary<Rendering> = fc.record({
  keyCase: fc.constantFrom('upper' as const, 'lower' as const, 'camel' as const),
  date: fc.integer({ min: 0, max: 4 }),
  amount: fc.integer({ min: 0, max: 3 }),
  padZeros: fc.integer({ min: 0, max: 6 }),
  numbersAsNumbers: fc.boolean(),
  punctuateCnpj: fc.boolean(),
  authCase: fc.constantFrom('upper' as const, 'lower' as const),
  spaces: fc.boolean(),
  extraColumns: fc.array(
    fc.tuple(fc.constantFrom('NRLINHA', 'IDREMESSA', 'DTGERACAO', 'NOVACOLUNA'), fc.string()),
    {
      maxLength: 3,
    },
  ),
  reverseKeys: fc.boolean(),
});

const pad2 = (n: number) => String(n).padStart(2, '0');

function renderDate([y, m, d]: [number, number, number], style: number): unknown {
  const [mm, dd] = [pad2(m), pad2(d)];
  return [
    `${y}-${mm}-${dd}`,
    `${dd}/${mm}/${y}`,
    `${y}${mm}${dd}`,
    Number(`${y}${mm}${dd}`),
    `${y}-${mm}-${dd}T00:00:00-03:00`,
  ][style];
}

function renderAmount(cents: number, style: number): unknown {
  const reais = Math.trunc(cents / 100);
  const centavos = pad2(cents % 100);
  const grouped = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return [
    Number(`${reais}.${centavos}`),
    `${reais}.${centavos}`,
    `${reais},${centavos}`,
    `${grouped},${centavos}`,
  ][style];
}

function cnpj(merchant: number, punctuate: boolean): string {
  const digits = String(merchant).padStart(14, '0');
  if (!punctuate) return digits;
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}

function render(m: Meaning, r: Rendering): Record<string, unknown> {
  const id = (n: number): unknown => (r.numbersAsNumbers ? n : `${'0'.repeat(r.padZeros)}${n}`);
  const text = (value: string) => (r.spaces ? `  ${value} ` : value);
  const fields: [string, unknown][] = [
    ['TIPOREGISTRO', text(m.code)],
    ['ADQUIRENTE', id(m.acquirer)],
    ['CNPJ', r.numbersAsNumbers ? m.merchant : text(cnpj(m.merchant, r.punctuateCnpj))],
    ['NSU', id(m.nsu)],
    ['CODAUTORIZACAO', text(r.authCase === 'upper' ? m.authorization : m.authorization.toLowerCase())],
    ['NRPARCELA', r.numbersAsNumbers ? m.installment : String(m.installment)],
    ['DTVENDA', renderDate(m.sale, r.date)],
    ['DTVENCIMENTO', renderDate(m.due, r.date)],
    ['DTPAGAMENTO', renderDate(m.pay, r.date)],
    ['VLBRUTO', renderAmount(m.gross, r.amount)],
    ['VLTAXA', renderAmount(m.fee, r.amount)],
    ['VLLIQUIDO', renderAmount(m.net, r.amount)],
    ...r.extraColumns,
  ];
  const keyed = fields.map(([key, value]): [string, unknown] => [
    r.keyCase === 'upper'
      ? key
      : r.keyCase === 'lower'
        ? key.toLowerCase()
        : key.charAt(0) + key.slice(1).toLowerCase(),
    value,
  ]);
  return Object.fromEntries(r.reverseKeys ? keyed.reverse() : keyed);
}

const normalizer = buildNormalizer(parseReconConfig({}));

function identityOf(raw: Record<string, unknown>, reportId = '1'): string {
  const result = normalizer.normalize(raw, source(reportId), 0);
  if (!result.ok) throw new Error(`quarantined: ${result.quarantined.reason} ${result.quarantined.detail}`);
  return result.record.recordHash;
}

describe('record identity', () => {
  it('is the same for any two renderings of one record, in any report', () => {
    fc.assert(
      fc.property(meaning, rendering, rendering, (m, a, b) => {
        expect(identityOf(render(m, a), '111')).toBe(identityOf(render(m, b), '222'));
      }),
      { numRuns: 300 },
    );
  });

  it('differs for records that differ in any identity field', () => {
    const changes: ((m: Meaning) => Meaning)[] = [
      (m) => ({ ...m, code: m.code === 'A1' ? 'D1' : 'A1' }),
      (m) => ({ ...m, acquirer: m.acquirer + 1 }),
      (m) => ({ ...m, merchant: m.merchant + 1 }),
      (m) => ({ ...m, nsu: m.nsu + 1 }),
      (m) => ({
        ...m,
        authorization:
          `${m.authorization.slice(1)}Z` === m.authorization ? 'AAAAAA' : `${m.authorization.slice(1)}Z`,
      }),
      (m) => ({ ...m, installment: m.installment + 1 }),
      (m) => ({ ...m, gross: m.gross + 1 }),
      (m) => ({ ...m, fee: m.fee + 1 }),
      (m) => ({ ...m, net: m.net + 1 }),
      (m) => ({ ...m, sale: [m.sale[0] + 1, m.sale[1], m.sale[2]] }),
      (m) => ({ ...m, due: [m.due[0], m.due[1], m.due[2] === 28 ? 1 : m.due[2] + 1] }),
      (m) => ({ ...m, pay: [m.pay[0], m.pay[1] === 12 ? 1 : m.pay[1] + 1, m.pay[2]] }),
    ];
    fc.assert(
      fc.property(meaning, rendering, rendering, fc.constantFrom(...changes), (m, a, b, change) => {
        const other = change(m);
        fc.pre(JSON.stringify(other) !== JSON.stringify(m));
        expect(identityOf(render(m, a))).not.toBe(identityOf(render(other, b)));
      }),
      { numRuns: 300 },
    );
  });

  it('includes a configured identity column, and only then', () => {
    const m: Meaning = {
      code: 'D1',
      acquirer: 1,
      merchant: 12345678000190,
      nsu: 123,
      authorization: 'ABC123',
      installment: 1,
      sale: [2025, 1, 2],
      due: [2025, 2, 2],
      pay: [2025, 2, 2],
      gross: 10_000,
      fee: 300,
      net: 9_700,
    };
    const plain: Rendering = {
      keyCase: 'upper',
      date: 0,
      amount: 0,
      padZeros: 0,
      numbersAsNumbers: false,
      punctuateCnpj: false,
      authCase: 'upper',
      spaces: false,
      extraColumns: [],
      reverseKeys: false,
    };
    const withId = (id: string) => ({ ...render(m, plain), IDPAGAMENTO: id });
    expect(identityOf(withId('P1'))).toBe(identityOf(withId('P2')));
    const byPayment = buildNormalizer(parseReconConfig({ identityColumns: ['idPagamento'] }));
    const id = (raw: Record<string, unknown>) => {
      const result = byPayment.normalize(raw, source('1'), 0);
      return result.ok ? result.record.recordHash : result.quarantined.reason;
    };
    expect(id(withId('P1'))).not.toBe(id(withId('P2')));
    expect(id(withId('P1'))).toBe(id({ ...withId('P1'), NRLINHA: 7 }));
  });
});
