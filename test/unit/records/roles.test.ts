import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import type { RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { classifierOf, directedCents } from '../../../lambdas/core/ingest/records/roles';
import { unclassifiedGroups } from '../../../lambdas/core/ingest/records/unclassified';

/** The simulator's code assignment (local/simulator/universe/roles.ts), as a user would write it. */
const SIMULATOR_ROLES = {
  recordRoles: {
    A2: 'CANCELLATION',
    A3: 'IGNORE',
    E1: {
      column: 'TipoLancamento',
      values: { '06': 'CANCELLATION', '08': 'CHARGEBACK', '09': 'CHARGEBACK_REVERSAL' },
      default: 'ADJUSTMENT',
    },
    F1: 'ADVANCE',
    G1: 'FEE',
  },
  recordSign: { columns: ['SINAL'], negative: ['D', '-'], positive: ['C', '+'] },
};
const config = parseReconConfig(SIMULATOR_ROLES);
const record = (recordType: RecordCode, extra: Record<string, unknown> = {}) => ({ recordType, extra });

describe('record roles', () => {
  it('defaults to A1 forecast and D1 payment, every other code unclassified', () => {
    const defaults = classifierOf(parseReconConfig({}));
    expect(defaults.roleOf(record('A1'))).toBe('FORECAST');
    expect(defaults.roleOf(record('D1'))).toBe('PAYMENT');
    for (const code of ['A2', 'A3', 'E1', 'F1', 'G1'] as const) {
      expect(defaults.roleOf(record(code))).toBeUndefined();
    }
  });

  it('classifies by code, keeping the defaults the setting does not name', () => {
    const classifier = classifierOf(config);
    expect(classifier.roleOf(record('A1'))).toBe('FORECAST');
    expect(classifier.roleOf(record('A2'))).toBe('CANCELLATION');
    expect(classifier.roleOf(record('A3'))).toBe('IGNORE');
    expect(classifier.roleOf(record('F1'))).toBe('ADVANCE');
    expect(classifier.roleOf(record('G1'))).toBe('FEE');
  });

  it('classifies by a column value: column name in any case, values trimmed, numbers without leading zeros', () => {
    const classifier = classifierOf(config);
    // `extra` holds unknown columns upper-cased (the normalizer's rule); the setting wrote TipoLancamento.
    expect(classifier.roleOf(record('E1', { TIPOLANCAMENTO: '06' }))).toBe('CANCELLATION');
    expect(classifier.roleOf(record('E1', { TIPOLANCAMENTO: ' 6 ' }))).toBe('CANCELLATION');
    expect(classifier.roleOf(record('E1', { TIPOLANCAMENTO: 8 }))).toBe('CHARGEBACK');
    expect(classifier.roleOf(record('E1', { TIPOLANCAMENTO: '0009' }))).toBe('CHARGEBACK_REVERSAL');
    expect(classifier.roleOf(record('E1', { TIPOLANCAMENTO: '01' }))).toBe('ADJUSTMENT');
    expect(classifier.roleOf(record('E1', {}))).toBe('ADJUSTMENT');
  });

  it('leaves a value no rule names unclassified when the rule has no default', () => {
    const strict = parseReconConfig({
      recordRoles: { E1: { column: 'TIPO', values: { ab: 'FEE' } } },
    });
    const classifier = classifierOf(strict);
    expect(classifier.roleOf(record('E1', { TIPO: ' AB ' }))).toBe('FEE');
    expect(classifier.roleOf(record('E1', { TIPO: '02' }))).toBeUndefined();
    expect(classifier.roleOf(record('E1'))).toBeUndefined();
  });
});

describe('sign and direction', () => {
  const classifier = classifierOf(config);

  it('reads the sign column (values trimmed, any case); a missing column is +1', () => {
    expect(classifier.signOf({ extra: { SINAL: 'D' } })).toBe(-1);
    expect(classifier.signOf({ extra: { SINAL: ' d ' } })).toBe(-1);
    expect(classifier.signOf({ extra: { SINAL: '+' } })).toBe(1);
    expect(classifier.signOf({ extra: {} })).toBe(1);
    expect(classifier.signOf({ extra: { SINAL: 'X' } })).toBeUndefined();
  });

  it('leaves an ADJUSTMENT of unknown sign unclassified; a fixed-direction role ignores the sign', () => {
    expect(classifier.classify(record('E1', { TIPOLANCAMENTO: '01', SINAL: '?' }))).toBeUndefined();
    expect(classifier.classify(record('E1', { TIPOLANCAMENTO: '08', SINAL: '?' }))).toEqual({
      role: 'CHARGEBACK',
      sign: 1,
    });
  });

  it('reads fixed-direction roles as magnitudes and adjustments signed; forecasts and payments as received', () => {
    expect(directedCents('CANCELLATION', -1_500, 1)).toBe(1_500);
    expect(directedCents('CHARGEBACK', -1_500, -1)).toBe(1_500);
    expect(directedCents('FEE', -990, 1)).toBe(990);
    expect(directedCents('ADVANCE', 4_000, -1)).toBe(4_000);
    expect(directedCents('ADJUSTMENT', 700, -1)).toBe(-700);
    expect(directedCents('ADJUSTMENT', -700, -1)).toBe(700);
    expect(directedCents('ADJUSTMENT', -700, 1)).toBe(-700);
    expect(directedCents('ADJUSTMENT', null, -1)).toBe(-0);
    expect(directedCents('PAYMENT', -300, -1)).toBe(-300);
  });
});

describe('configuration errors', () => {
  const messageOf = (input: unknown) => {
    try {
      parseReconConfig(input);
      return 'parsed';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('names the key of an unknown role, code or rule setting', () => {
    expect(messageOf({ recordRoles: { A2: 'CANCEL' } })).toMatch(
      /recordRoles\.A2: must be a role \(FORECAST, /,
    );
    expect(messageOf({ recordRoles: { Z9: 'FEE' } })).toMatch(/recordRoles\.Z9/);
    expect(messageOf({ recordRoles: { E1: { column: 'T', values: {}, other: 1 } } })).toMatch(
      /recordRoles\.E1\.other/,
    );
    expect(messageOf({ recordSign: { columns: [] } })).toMatch(/recordSign\.columns/);
  });

  it('refuses two rule values that read the same', () => {
    expect(
      messageOf({ recordRoles: { E1: { column: 'T', values: { '6': 'FEE', '06': 'CANCELLATION' } } } }),
    ).toMatch(/recordRoles\.E1(\.values)?: .*read the same/);
  });

  it('refuses a rule or sign column that is a field alias', () => {
    const aliased = parseReconConfig({ recordRoles: { E1: { column: 'vlliquido', values: {} } } });
    expect(() => buildNormalizer(aliased)).toThrow(/VLLIQUIDO is an alias of netCents/);
  });
});

describe('unclassified records', () => {
  it('groups them by code and rule value, with the setting that would classify them', () => {
    const strict = parseReconConfig({
      recordRoles: { E1: { column: 'TipoLancamento', values: { '06': 'CANCELLATION' } }, G1: 'ADJUSTMENT' },
      recordSign: { columns: ['SINAL'] },
    });
    const groups = unclassifiedGroups(
      [
        record('A1'),
        record('A2'),
        record('A2'),
        record('E1', { TIPOLANCAMENTO: '06' }),
        record('E1', { TIPOLANCAMENTO: '007' }),
        record('G1', { SINAL: 'X' }),
      ],
      strict,
    );
    expect(groups).toEqual([
      { code: 'A2', why: 'NO_ROLE', count: 2, setting: '{"recordRoles":{"A2":"<ROLE>"}}' },
      {
        code: 'E1',
        column: 'TipoLancamento',
        value: '7',
        why: 'NO_RULE_FOR_VALUE',
        count: 1,
        setting: '{"recordRoles":{"E1":{"column":"TipoLancamento","values":{"7":"<ROLE>"}}}}',
      },
      {
        code: 'G1',
        column: 'SINAL',
        value: 'X',
        why: 'UNKNOWN_SIGN',
        count: 1,
        setting: '{"recordSign":{"columns":["SINAL"],"negative":["X"]}}',
      },
    ]);
  });
});

describe('normalizer with roles', () => {
  const source = { reportKind: 'financial', reportId: 'r', page: 1, generatedOn: '2025-04-02' } as const;
  const raw = (extra: Record<string, unknown>) => ({
    TIPOREGISTRO: 'E1',
    ADQUIRENTE: '1',
    ESTABELECIMENTO: '123',
    DTVENDA: '2025-03-01',
    NSU: '55',
    CODAUTORIZACAO: 'A',
    NRPARCELA: 1,
    VLLIQUIDO: '10,00',
    DTPAGAMENTO: '2025-04-01',
    ...extra,
  });

  it('needs the full key on roles that belong to a receivable, not on account-level ones', () => {
    const normalizer = buildNormalizer(config);
    const chargeback = normalizer.normalize(raw({ TIPOLANCAMENTO: '08', NSU: undefined }), source);
    expect(chargeback).toMatchObject({ ok: false, quarantined: { reason: 'MISSING_KEY_FIELD' } });
    const adjustment = normalizer.normalize(raw({ TIPOLANCAMENTO: '01', NSU: undefined }), source);
    expect(adjustment.ok).toBe(true);
    // Without roles configured, E1 is not matched and needs no key (as before roles existed).
    expect(buildNormalizer(parseReconConfig({})).normalize(raw({ NSU: undefined }), source).ok).toBe(true);
  });

  it('gives a record one identity whatever the configuration reads from it (role, rule value, sign)', () => {
    const hashOf = (extra: Record<string, unknown>, settings = config) => {
      const result = buildNormalizer(settings).normalize(raw(extra), source);
      if (!result.ok) throw new Error(result.quarantined.detail);
      return result.record;
    };
    const withoutRoles = parseReconConfig({});
    // A change of roles or signs followed by a re-run must find the records it stored before.
    expect(hashOf({ TIPOLANCAMENTO: '08' }).recordHash).toBe(
      hashOf({ TIPOLANCAMENTO: '08' }, withoutRoles).recordHash,
    );
    expect(hashOf({ TIPOLANCAMENTO: '01', SINAL: 'D' }).recordHash).toBe(
      hashOf({ TIPOLANCAMENTO: '01', SINAL: 'C' }, withoutRoles).recordHash,
    );
    // What the configuration reads is told apart where the record is applied (receivables/reclassify.ts).
    expect(hashOf({ TIPOLANCAMENTO: '08' }).recordHash).toBe(hashOf({ TIPOLANCAMENTO: '09' }).recordHash);
    // The identity earlier versions stored under these settings, so stored contributions are replaced.
    expect(hashOf({ TIPOLANCAMENTO: '08' }).formerHash).not.toBe(hashOf({ TIPOLANCAMENTO: '09' }).formerHash);
    expect(hashOf({ TIPOLANCAMENTO: '08' }).formerHash).toBe(
      hashOf({ tipolancamento: ' 8', VLLIQUIDO: 10 }).formerHash,
    );
    expect(hashOf({ TIPOLANCAMENTO: '08' }, withoutRoles).formerHash).toBeUndefined();
  });
});
