/** Every record the lake or DynamoDB could not hold is quarantined with its own reason. */
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';

const source: RecordSource = { reportKind: 'sales', reportId: '1', page: 1, generatedOn: '2025-03-10' };
const A1 = {
  TIPOREGISTRO: 'A1',
  ADQUIRENTE: '1',
  ESTABELECIMENTO: '12.345.678/0001-90',
  NSU: '000123456',
  CODAUTORIZACAO: ' ab12cd ',
  DTVENDA: '2025-03-01',
  NRPARCELA: 1,
  QTDPARCELAS: 3,
  VLLIQUIDO: '975,00',
  DTVENCIMENTO: '2025-05-01',
};
const normalizer = buildNormalizer(parseReconConfig({}));
const verdict = (raw: object) => {
  const result = normalizer.normalize(raw, source, 0);
  return result.ok ? 'OK' : `${result.quarantined.reason}: ${result.quarantined.detail}`;
};

describe('quarantine reasons for what cannot be stored', () => {
  it.each([
    [{ QTDPARCELAS: '3000000000' }, /^OUT_OF_RANGE: installments/],
    [{ NRPARCELA: 2 ** 40 }, /^OUT_OF_RANGE: installment/],
    [{ NSU: '9'.repeat(101) }, /^TOO_LONG: nsu: 101 characters/],
    [{ NSU: '0000' }, /^PLACEHOLDER_KEY_VALUE: nsu: "0"/],
    [{ CODAUTORIZACAO: 'n/a' }, /^PLACEHOLDER_KEY_VALUE: authorization/],
    [{ vlLiquido: '975,01' }, /^CONFLICTING_VALUES: netCents: 97500 and "975,01"/],
    [{ CNPJ: '99999999000199' }, /^CONFLICTING_VALUES: merchant/],
    [{ DTVENCIMENTO: '' }, /^MISSING_DUE_DATE/],
  ])('%j', (change, expected) => {
    expect(verdict({ ...A1, ...change })).toMatch(expected);
  });

  it('accepts a field given twice with the same meaning in another rendering', () => {
    expect(verdict({ ...A1, vlLiquido: 975 })).toBe('OK');
    expect(verdict({ ...A1, CNPJ: '12345678000190' })).toBe('OK');
  });

  it('accepts a D1 without a due date, and placeholders outside the match key', () => {
    expect(verdict({ ...A1, TIPOREGISTRO: 'D1', DTVENCIMENTO: null, DTPAGAMENTO: '2025-05-01' })).toBe('OK');
    expect(verdict({ ...A1, TID: '0', BANDEIRA: '-' })).toBe('OK');
  });
});

describe('identifier normalization before the match key', () => {
  it('compares numeric ids without leading zeros, CNPJ digits only, codes trimmed and upper-cased', () => {
    const result = normalizer.normalize(A1, source, 0);
    expect(result.ok && result.record).toMatchObject({
      acquirer: '1',
      merchant: '12345678000190',
      nsu: '123456',
      authorization: 'AB12CD',
      sourceValues: { merchant: '12.345.678/0001-90', nsu: '000123456', authorization: 'ab12cd' },
    });
  });

  it('follows the configured normalizer per field', () => {
    const keepZeros = buildNormalizer(parseReconConfig({ identifierNormalizers: { nsu: 'trim' } }));
    const result = keepZeros.normalize(A1, source, 0);
    expect(result.ok && result.record.nsu).toBe('000123456');
  });
});

describe('account-level items without a day', () => {
  const withRoles = buildNormalizer(parseReconConfig({ recordRoles: { G1: 'FEE', E1: 'ADJUSTMENT' } }));
  const item = (change: object) => {
    const result = withRoles.normalize(
      { ...A1, DTVENCIMENTO: undefined, DTVENDA: undefined, ...change },
      source,
      0,
    );
    return result.ok ? 'OK' : `${result.quarantined.reason}: ${result.quarantined.detail}`;
  };

  it('quarantines a fee or a keyless adjustment with no date at all, which no period would read', () => {
    expect(item({ TIPOREGISTRO: 'G1' })).toMatch(/^MISSING_DATE: .*FEE/);
    expect(item({ TIPOREGISTRO: 'E1', NSU: undefined })).toMatch(/^MISSING_DATE: .*ADJUSTMENT/);
  });

  it('keeps one dated by any of its dates, and an adjustment that joins its receivable', () => {
    expect(item({ TIPOREGISTRO: 'G1', DTPAGAMENTO: '2025-03-05' })).toBe('OK');
    expect(item({ TIPOREGISTRO: 'G1', DTVENDA: '2025-03-01' })).toBe('OK');
    expect(item({ TIPOREGISTRO: 'E1', DTVENDA: '2025-03-01' })).toBe('OK');
  });
});
