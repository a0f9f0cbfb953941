/**
 * Identifier normalizers: every rendering of one number gives its one value, a code stays a code,
 * and what could mean two numbers is an error (quarantined), never a guess.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { identifierText, normalizeIdentifier } from '../../../lambdas/core/ingest/records/identifiers';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';

/** The normalized value, or the error, of a value as received (the way the field reader calls it). */
function normalized(value: unknown, kind: 'numeric' | 'digits' | 'code' | 'trim'): string {
  const text = identifierText(value) as string;
  const result = normalizeIdentifier(text, kind);
  return result.ok ? result.value : `ERROR ${result.error}`;
}

// Unicode spaces and invisible characters an export or a copy-paste leaves behind.
const NBSP = '\u00A0';
const FIGURE_SPACE = '\u2007';
const NARROW_NBSP = '\u202F';
const ZERO_WIDTH_SPACE = '\u200B';
const BOM = '\uFEFF';
const WORD_JOINER = '\u2060';

describe('numeric identifiers (acquirer, NSU)', () => {
  it.each([
    123,
    123.0,
    '123',
    '000123',
    '123.0',
    '123.00',
    '123,0',
    '0123.0000',
    '000-123',
    '00 0123',
    '0-0 0123',
    `00${NBSP}0123`,
    `00${FIGURE_SPACE}01${NARROW_NBSP}23`,
    `${ZERO_WIDTH_SPACE}123`,
    `1${ZERO_WIDTH_SPACE}23${BOM}`,
    `${BOM}000-123${WORD_JOINER}`,
    ` ${NBSP}123${ZERO_WIDTH_SPACE} `,
  ])('reads %j as 123', (value) => {
    expect(normalized(typeof value === 'string' ? value.trim() : value, 'numeric')).toBe('123');
  });

  it.each([
    ['123.5', 'not a whole number'],
    [123.5, 'not a whole number'],
    ['1.234', 'three digits after the separator: decimals or a thousands group'],
    ['1,234', 'three digits after the separator: decimals or a thousands group'],
    ['123.000', 'three digits after the separator: decimals or a thousands group'],
    ['1.234.567', 'digits mixed with other characters'],
    ['-123', 'digits mixed with other characters'],
    [-123, 'digits mixed with other characters'],
    ['#123', 'digits mixed with other characters'],
    ['123/4', 'digits mixed with other characters'],
    ['123-', 'digits mixed with other characters'],
    [`12${ZERO_WIDTH_SPACE}.5`, 'not a whole number'],
  ])('refuses to guess %j (%s)', (value, why) => {
    expect(normalized(value, 'numeric')).toBe(
      `ERROR ambiguous identifier ${JSON.stringify(String(value))} (${why})`,
    );
  });

  it('keeps text with letters, or without digits, a code (upper case, spaces collapsed, invisibles gone)', () => {
    expect(normalized('12a3', 'numeric')).toBe('12A3');
    expect(normalized(`cielo${ZERO_WIDTH_SPACE}  01`, 'numeric')).toBe('CIELO 01');
    expect(normalized('-', 'numeric')).toBe('-');
    expect(normalized('n/a', 'numeric')).toBe('N/A');
  });
});

describe('document identifiers (merchant)', () => {
  it.each([
    12345678000190,
    12345678000190.0,
    '12345678000190',
    '012345678000190',
    '12.345.678/0001-90',
    '12345678000190.0',
    '12345678000190,00',
    '0 12345678-000190.0000',
    `12.345.678/0001-90${ZERO_WIDTH_SPACE}`,
    `12${NBSP}345${NARROW_NBSP}678 0001-90`,
    `${BOM}12-345-678-0001-90`,
  ])('reads %j as 12345678000190', (value) => {
    expect(normalized(value, 'digits')).toBe('12345678000190');
  });

  it.each([
    ['12345678000190.5', 'not a whole number'],
    ['1234.56', 'not a whole number'],
    ['12345678000190.000', 'three digits after the separator: decimals or a thousands group'],
    ['12.345', 'three digits after the separator: decimals or a thousands group'],
    ['12,345,678', 'digits mixed with other characters'],
    ['12.345.678#0001', 'digits mixed with other characters'],
  ])('refuses to guess %j (%s)', (value, why) => {
    expect(normalized(value, 'digits')).toBe(`ERROR ambiguous identifier ${JSON.stringify(value)} (${why})`);
  });

  it('keeps text with letters a code', () => {
    expect(normalized('loja 12', 'digits')).toBe('LOJA 12');
  });
});

describe('codes and trimmed text', () => {
  it('drops invisible characters from codes and folds Unicode spaces', () => {
    expect(normalized(`ab${ZERO_WIDTH_SPACE}12${NBSP}${NBSP}cd`, 'code')).toBe('AB12 CD');
    expect(normalized('123.5', 'code')).toBe('123.5');
  });

  it('reads ASCII text as it reads the same text behind an invisible character', () => {
    const ascii = fc.string({ unit: fc.constantFrom(...'0123456789-./,#aZ ', 'x'), minLength: 1 });
    fc.assert(
      fc.property(
        ascii,
        fc.constantFrom<'numeric' | 'digits' | 'code'>('numeric', 'digits', 'code'),
        (text, kind) => {
          const trimmed = text.trim();
          fc.pre(trimmed !== '');
          const plain = normalizeIdentifier(trimmed, kind);
          const hidden = normalizeIdentifier(`${ZERO_WIDTH_SPACE}${trimmed}`, kind);
          expect(plain.ok ? plain.value : 'ERROR').toBe(hidden.ok ? hidden.value : 'ERROR');
        },
      ),
    );
  });

  it('leaves `trim` text as written', () => {
    expect(normalized(`0${ZERO_WIDTH_SPACE}12`, 'trim')).toBe(`0${ZERO_WIDTH_SPACE}12`);
  });
});

describe('through the normalizer', () => {
  const source: RecordSource = { reportKind: 'financial', reportId: '1', page: 1, generatedOn: '2025-03-10' };
  const D1 = {
    TIPOREGISTRO: 'D1',
    ADQUIRENTE: '1',
    ESTABELECIMENTO: '12345678000190',
    NSU: '123',
    CODAUTORIZACAO: 'AB12CD',
    DTVENDA: '2025-03-01',
    NRPARCELA: 1,
    VLLIQUIDO: '975,00',
    DTPAGAMENTO: '2025-04-01',
  };
  const normalizer = buildNormalizer(parseReconConfig({}));

  it('quarantines an ambiguous identifier as BAD_VALUE naming the field and the value', () => {
    const result = normalizer.normalize({ ...D1, NSU: '123.5' }, source, 0);
    expect(result.ok ? 'OK' : `${result.quarantined.reason}: ${result.quarantined.detail}`).toBe(
      'BAD_VALUE: nsu: ambiguous identifier "123.5" (not a whole number)',
    );
  });

  it('keeps the form as received in sourceValues', () => {
    const result = normalizer.normalize({ ...D1, NSU: `000-123${ZERO_WIDTH_SPACE}` }, source, 0);
    expect(result.ok && result.record).toMatchObject({
      nsu: '123',
      sourceValues: { nsu: `000-123${ZERO_WIDTH_SPACE}` },
    });
  });

  it('reads an identifier of invisible characters only as absent', () => {
    const result = normalizer.normalize({ ...D1, NSU: `${ZERO_WIDTH_SPACE}${WORD_JOINER}` }, source, 0);
    expect(result.ok ? 'OK' : `${result.quarantined.reason}: ${result.quarantined.detail}`).toBe(
      'MISSING_KEY_FIELD: nsu: absent (required on D1)',
    );
  });

  it('still takes "000-000" for the placeholder 0', () => {
    const result = normalizer.normalize({ ...D1, NSU: '000-000' }, source, 0);
    expect(result.ok ? 'OK' : result.quarantined.reason).toBe('PLACEHOLDER_KEY_VALUE');
  });
});
