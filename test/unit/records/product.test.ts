import { describe, expect, it } from 'vitest';
import { parseReconConfig, type ReconConfigInput } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';

const source: RecordSource = { reportKind: 'sales', reportId: '1', page: 1, generatedOn: '2025-03-10' };
const A1 = {
  TIPOREGISTRO: 'A1',
  ADQUIRENTE: '1',
  ESTABELECIMENTO: '12345678000190',
  BANDEIRA: 'VISA',
  NSU: '123',
  CODAUTORIZACAO: 'AB12CD',
  DTVENDA: '2025-03-01',
  NRPARCELA: 1,
  QTDPARCELAS: 1,
  VLBRUTO: '1000,00',
  VLTAXA: '25,00',
  VLLIQUIDO: '975,00',
  DTVENCIMENTO: '2025-04-01',
};

function read(raw: Record<string, unknown>, config: ReconConfigInput = {}) {
  const result = buildNormalizer(parseReconConfig(config)).normalize(raw, source);
  if (!result.ok) throw new Error(result.quarantined.detail);
  return result.record;
}

describe('the product of a sale', () => {
  it('reads the default columns and values, compared as codes', () => {
    expect(read({ ...A1, PRODUTO: ' crédito  parcelado ' }).product).toBe('INSTALLMENT_CREDIT');
    expect(read({ ...A1, modalidade: 'Debito' }).product).toBe('DEBIT');
    expect(read(A1).product).toBeNull();
  });

  it('takes configured columns and values, and reads an unknown value as no product', () => {
    const config = { fieldAliases: { product: ['TIPOPRODUTO'] }, productValues: { '03': 'CREDIT' as const } };
    expect(read({ ...A1, TIPOPRODUTO: '03' }, config).product).toBe('CREDIT');
    expect(read({ ...A1, TIPOPRODUTO: 'PIX' }, config).product).toBeNull();
  });

  it('leaves the record identity as it was without a product column', () => {
    const without = read(A1);
    expect(read({ ...A1, PRODUTO: 'DEBITO' }).recordHash).toBe(without.recordHash);
    // Before the product was canonical, PRODUTO was an unknown column: never part of the identity either.
    expect(read({ ...A1, PRODUTO: 'CREDITO' }).recordHash).toBe(without.recordHash);
  });
});
