import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReconConfig, type ReconConfigInput } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer, type NormalizeResult } from '../../../lambdas/core/ingest/records/normalize';

const source: RecordSource = {
  reportKind: 'sales',
  reportId: '9007199254740993',
  page: 1,
  generatedOn: '2025-03-10',
};

const A1 = {
  TIPOREGISTRO: 'A1',
  ADQUIRENTE: 'CIELO',
  ESTABELECIMENTO: '12345678000190',
  BANDEIRA: 'VISA',
  NSU: '000123',
  CODAUTORIZACAO: 'AB12CD',
  TID: 'T-1',
  DTVENDA: '2025-03-01',
  NRPARCELA: 2,
  QTDPARCELAS: 3,
  VLBRUTO: '1.000,00',
  VLTAXA: '25,00',
  VLLIQUIDO: '975,00',
  DTVENCIMENTO: '2025-05-01',
  CANAL: 'ECOMMERCE',
} as const;

function normalizer(config: ReconConfigInput = {}) {
  return buildNormalizer(parseReconConfig(config));
}

function ok(result: NormalizeResult) {
  if (!result.ok) throw new Error(`quarantined: ${result.quarantined.reason} ${result.quarantined.detail}`);
  return result.record;
}

function hashOf(result: NormalizeResult) {
  return result.ok ? result.record.recordHash : result.quarantined.recordHash;
}

function reason(result: NormalizeResult) {
  return result.ok ? 'OK' : `${result.quarantined.reason}: ${result.quarantined.detail}`;
}

/** Same record, each key in a random case, keys in a random order. */
const permutedA1 = fc
  .tuple(
    fc.array(fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), {
      minLength: Object.keys(A1).length,
      maxLength: Object.keys(A1).length,
    }),
    fc.shuffledSubarray(Object.keys(A1), { minLength: Object.keys(A1).length }),
  )
  .map(([cases, order]) => {
    const record: Record<string, unknown> = {};
    order.forEach((key, i) => {
      const flips = cases[i] ?? [];
      const cased = [...key].map((c, j) => (flips[j] ? c.toLowerCase() : c)).join('');
      record[cased] = A1[key as keyof typeof A1];
    });
    return record;
  });

describe('buildNormalizer', () => {
  it('normalizes a production record', () => {
    expect(ok(normalizer().normalize(A1, source))).toEqual({
      recordType: 'A1',
      recordHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      acquirer: 'CIELO',
      merchant: '12345678000190',
      brand: 'VISA',
      nsu: '123',
      authorization: 'AB12CD',
      tid: 'T-1',
      saleDate: '2025-03-01',
      installment: 2,
      installments: 3,
      grossCents: 100000,
      feeCents: 2500,
      netCents: 97500,
      dueDate: '2025-05-01',
      paymentDate: null,
      movementDate: null,
      lineSequence: null,
      product: null,
      bankCode: null,
      bankBranch: null,
      bankAccountNumber: null,
      extra: { CANAL: 'ECOMMERCE' },
      sourceValues: { nsu: '000123' },
      source,
      line: 0,
    });
  });

  it('gives the same record and hash whatever the key case and order', () => {
    const n = normalizer();
    const expected = ok(n.normalize(A1, source));
    fc.assert(
      fc.property(permutedA1, (raw) => {
        expect(ok(n.normalize(raw, source))).toEqual(expected);
      }),
    );
  });

  it('changes the identity when an identity field changes, and only then', () => {
    const n = normalizer();
    const base = hashOf(n.normalize(A1, source));
    const identityChanges: Partial<Record<keyof typeof A1, unknown>> = {
      TIPOREGISTRO: 'D1',
      ADQUIRENTE: 'REDE',
      ESTABELECIMENTO: '12345678000191',
      NSU: '124',
      CODAUTORIZACAO: 'AB12CE',
      DTVENDA: '2025-03-02',
      NRPARCELA: 3,
      VLBRUTO: '1.000,01',
      VLTAXA: '25,01',
      VLLIQUIDO: '975,01',
      DTVENCIMENTO: '2025-05-02',
    };
    for (const [key, value] of Object.entries(identityChanges)) {
      expect(hashOf(n.normalize({ ...A1, [key]: value }, source)), key).not.toBe(base);
    }
    const descriptive = { BANDEIRA: 'ELO', TID: 'T-2', QTDPARCELAS: 4, CANAL: 'LOJA', NRLINHA: 17 };
    for (const [key, value] of Object.entries(descriptive)) {
      expect(hashOf(n.normalize({ ...A1, [key]: value }, source)), key).toBe(base);
    }
  });

  it('reads the movement date into the identity (where present) and the line sequence outside it', () => {
    const n = normalizer();
    const base = ok(n.normalize(A1, source));
    const moved = ok(n.normalize({ ...A1, DTMOVIMENTO: '02/03/2025', NSEQ: '000017' }, source));
    expect([moved.movementDate, moved.lineSequence]).toEqual(['2025-03-02', '17']);
    expect(moved.recordHash).not.toBe(base.recordHash);
    const otherDay = ok(n.normalize({ ...A1, DATAMOVIMENTO: '2025-03-03' }, source));
    expect(otherDay.recordHash).not.toBe(moved.recordHash);
    const sameDayOtherLine = ok(n.normalize({ ...A1, DTMOVIMENTACAO: 20250302, SEQUENCIAL: 9 }, source));
    expect(sameDayOtherLine.recordHash).toBe(moved.recordHash);
    // Configurable like every alias: a layout naming the column otherwise.
    const custom = normalizer({ fieldAliases: { movementDate: ['DTREGISTRO'] } });
    expect(ok(custom.normalize({ ...A1, DTREGISTRO: '2025-03-02' }, source)).recordHash).toBe(
      moved.recordHash,
    );
    expect(reason(n.normalize({ ...A1, DTMOVIMENTO: '31/02/2025' }, source))).toMatch(
      /^BAD_DATE: movementDate/,
    );
  });

  it('builds the identity from meaning: independent of the alias configuration and of the value form', () => {
    const base = ok(normalizer().normalize(A1, source)).recordHash;
    const withAlias = normalizer({ fieldAliases: { tid: ['CANAL'] } });
    expect(ok(withAlias.normalize(A1, source)).tid).toBe('ECOMMERCE');
    expect(ok(withAlias.normalize(A1, source)).recordHash).toBe(base);
    const numeric = ok(normalizer().normalize({ ...A1, VLLIQUIDO: 975, NSU: 123, NRPARCELA: '2' }, source));
    expect(numeric.netCents).toBe(97500);
    expect(numeric.recordHash).toBe(base);
  });

  it('hashes records with repeated keys (after upper-casing) or nested values independently of order', () => {
    const n = normalizer();
    const a = n.normalize({ ...A1, nsu: '000123', Extra: { b: 1, a: [1, { d: 2, c: 3 }] } }, source);
    const b = n.normalize({ Extra: { a: [1, { c: 3, d: 2 }], b: 1 }, nsu: '000123', ...A1 }, source);
    expect(ok(a).recordHash).toBe(ok(b).recordHash);
  });

  it('reads the sandbox shape: numeric dates, numeric amounts, mixed-case keys, lower-case code', () => {
    const record = ok(
      normalizer().normalize(
        {
          tipoRegistro: 'd1',
          idAdquirente: 2,
          Cnpj: 12345678000190,
          nsu: 123,
          autorizacao: 'X',
          dtVenda: 20250301,
          parcela: '1',
          vlLiquido: 975.5,
          DtPagamento: 20250401,
        },
        { ...source, reportKind: 'financial' },
      ),
    );
    expect(record).toMatchObject({
      recordType: 'D1',
      acquirer: '2',
      merchant: '12345678000190',
      nsu: '123',
      saleDate: '2025-03-01',
      installment: 1,
      netCents: 97550,
      paymentDate: '2025-04-01',
      extra: {},
    });
  });

  it('writes numeric identifiers as plain decimal text', () => {
    const record = ok(
      normalizer().normalize({ ...A1, NSU: 1e21, ESTABELECIMENTO: 12345678000190, TID: 1.5 }, source),
    );
    expect([record.nsu, record.merchant, record.tid]).toEqual([
      '1000000000000000000000',
      '12345678000190',
      '1.5',
    ]);
  });

  it('uses configured aliases, case-insensitively, instead of the defaults', () => {
    const n = normalizer({ fieldAliases: { netCents: ['valorLiquido'] } });
    const { VLLIQUIDO: _, ...withoutNet } = A1;
    const record = ok(n.normalize({ ...withoutNet, VALORLIQUIDO: '1,00', vlliquido: '2,00' }, source));
    expect(record.netCents).toBe(100);
    expect(record.extra).toMatchObject({ VLLIQUIDO: '2,00' });
    expect(n.fieldOf('ValorLiquido')).toBe('netCents');
    expect(n.fieldOf('vlLiquido')).toBeUndefined();
  });

  it('refuses an alias configured for two fields', () => {
    expect(() => normalizer({ fieldAliases: { nsu: ['NSU'], tid: ['nsu'] } })).toThrow(/NSU/);
  });

  it('takes the first non-blank value when two columns feed one field', () => {
    const record = ok(normalizer().normalize({ ...A1, NSU: ' ', nsu: '42' }, source));
    expect(record.nsu).toBe('42');
  });

  it.each([
    [null, 'NOT_AN_OBJECT: entry is null'],
    [[1, 2], 'NOT_AN_OBJECT: entry is an array'],
    ['A1;123', 'NOT_AN_OBJECT: entry is string'],
    [{ ...A1, TIPOREGISTRO: 'Z9' }, 'UNKNOWN_RECORD_CODE: recordType: "Z9"'],
    [{ ...A1, TIPOREGISTRO: undefined }, 'UNKNOWN_RECORD_CODE: recordType: absent'],
    [{ ...A1, DTVENDA: 20250231 }, 'BAD_DATE: saleDate: not a date: 20250231'],
    [{ ...A1, VLLIQUIDO: '97,555' }, 'BAD_AMOUNT: netCents: ambiguous separator in "97,555"'],
    [{ ...A1, VLTAXA: 'abc' }, 'BAD_AMOUNT: feeCents: not an amount: "abc"'],
    [{ ...A1, NRPARCELA: '2a' }, 'BAD_VALUE: installment: not an integer: "2a"'],
    [{ ...A1, QTDPARCELAS: 1.5 }, 'BAD_VALUE: installments: not an integer: 1.5'],
    [{ ...A1, NSU: { n: 1 } }, 'BAD_VALUE: nsu: not an identifier: [object Object]'],
    [{ ...A1, TIPOREGISTRO: { toString: 0 } }, 'UNKNOWN_RECORD_CODE: recordType: [object Object]'],
    [{ ...A1, NSU: '' }, 'MISSING_KEY_FIELD: nsu: absent (required on A1)'],
    [{ ...A1, NRPARCELA: null }, 'MISSING_KEY_FIELD: installment: absent (required on A1)'],
    [{ ...A1, VLLIQUIDO: undefined }, 'MISSING_KEY_FIELD: netCents: absent (required on A1)'],
    [{ ...A1, DTVENDA: 'x', VLLIQUIDO: 'y' }, 'BAD_DATE: saleDate: not a date: "x"'],
  ])('quarantines %j as %s', (raw, expected) => {
    const result = normalizer().normalize(raw, source);
    expect(reason(result)).toBe(expected);
    if (!result.ok) {
      expect(result.quarantined.raw).toBe(raw);
      expect(result.quarantined.source).toBe(source);
      expect(result.quarantined.recordHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('needs only a valid code and readable values on codes the matcher does not use', () => {
    for (const code of ['A2', 'A3', 'E1', 'F1', 'G1']) {
      expect(reason(normalizer().normalize({ tipoRegistro: code }, source))).toBe('OK');
      expect(reason(normalizer().normalize({ tipoRegistro: code, vlBruto: '1.2.3' }, source))).toMatch(
        /^BAD_AMOUNT/,
      );
    }
  });

  it('requires the configured match key on A1 and D1', () => {
    const n = normalizer({ matchKey: ['acquirer', 'nsu', 'tid'] });
    expect(reason(n.normalize({ ...A1, TID: undefined }, source))).toBe(
      'MISSING_KEY_FIELD: tid: absent (required on A1)',
    );
    expect(reason(n.normalize({ ...A1, DTVENDA: undefined }, source))).toBe('OK');
  });

  it('never throws, and hashes a record the same whatever was normalized before it', () => {
    const recordArb = fc.dictionary(
      fc.constantFrom('NSU', 'nsu', 'Nsu', 'TIPOREGISTRO', 'X', '', '1', '__proto__', 'vlLiquido'),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(recordArb, fc.jsonValue({ maxDepth: 2 })), { maxLength: 8 }), (raws) => {
        const shared = normalizer();
        for (const raw of raws) {
          expect(hashOf(shared.normalize(raw, source))).toBe(hashOf(normalizer().normalize(raw, source)));
        }
      }),
    );
  });
});
