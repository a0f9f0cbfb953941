import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { bankAccountId } from '../../../lambdas/core/deposits/bank/account-id';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer, type NormalizeResult } from '../../../lambdas/core/ingest/records/normalize';

const source: RecordSource = { reportKind: 'financial', reportId: '7', page: 1, generatedOn: '2025-04-02' };

const D1 = {
  TIPOREGISTRO: 'D1',
  ADQUIRENTE: 'CIELO',
  ESTABELECIMENTO: '12345678000190',
  BANDEIRA: 'VISA',
  NSU: '000123',
  CODAUTORIZACAO: 'AB12CD',
  DTVENDA: '2025-03-01',
  NRPARCELA: 1,
  VLLIQUIDO: '975,00',
  DTVENCIMENTO: '2025-04-01',
  DTPAGAMENTO: '2025-04-01',
};

function ok(result: NormalizeResult) {
  if (!result.ok) throw new Error(`quarantined: ${result.quarantined.reason} ${result.quarantined.detail}`);
  return result.record;
}

describe('bank fields of a payment record', () => {
  const normalizer = buildNormalizer(parseReconConfig({}));

  it('reads BANCO/AGENCIA/CONTA (and the other default aliases) as text, not into extra', () => {
    const read = ok(
      normalizer.normalize({ ...D1, banco: ' 0341 ', AGENCIA: '1234-5', CONTA: '01234-6' }, source),
    );
    expect([read.bankCode, read.bankBranch, read.bankAccountNumber]).toEqual(['0341', '1234-5', '01234-6']);
    expect(read.extra).toEqual({});
    const other = ok(normalizer.normalize({ ...D1, CODBANCO: '341', CONTACORRENTE: '123456' }, source));
    expect([other.bankCode, other.bankBranch, other.bankAccountNumber]).toEqual(['341', null, '123456']);
    expect(ok(normalizer.normalize({ ...D1, NUMEROCONTA: 77 }, source)).bankAccountNumber).toBe('77');
    expect(
      bankAccountId({ bank: read.bankCode, branch: read.bankBranch, account: read.bankAccountNumber }),
    ).toBe('341/1234/12346');
  });

  it('leaves the identity as it was: the same hash with or without bank columns', () => {
    const plain = ok(normalizer.normalize(D1, source));
    const banked = ok(normalizer.normalize({ ...D1, BANCO: '341', AGENCIA: '1', CONTA: '9' }, source));
    expect(banked.recordHash).toBe(plain.recordHash);
    expect([plain.bankCode, plain.bankBranch, plain.bankAccountNumber]).toEqual([null, null, null]);
  });

  it('never quarantines a record for an odd bank value', () => {
    const odd = ok(normalizer.normalize({ ...D1, BANCO: { nested: true }, CONTA: '' }, source));
    expect([odd.bankCode, odd.bankAccountNumber]).toEqual([null, null]);
  });

  it('is not reported as a missing field when a layout has no bank columns', async () => {
    const { expectedFields } = await import('../../../lambdas/core/ingest/records/drift');
    expect(expectedFields('financial', ['acquirer'])).not.toContain('bankCode');
  });
});
