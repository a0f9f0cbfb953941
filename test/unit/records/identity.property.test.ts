/**
 * Record identity from meaning, not bytes: every rendering the provider may use for one record gives
 * one identity, and records that differ in an identity field never share one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { matchKeyOf } from '../../../lambdas/core/receivables/matcher';
import {
  type Clock,
  EXAMPLE,
  type Meaning,
  meaning,
  PLAIN,
  type Rendering,
  render,
  rendering,
} from './renderings';

const source = (reportId: string): RecordSource => ({
  reportKind: 'financial',
  reportId,
  page: 1,
  generatedOn: '2025-04-02',
});

const config = parseReconConfig({});
const normalizer = buildNormalizer(config);

/** The record's identity and the key of the receivable it belongs to. */
function normalized(raw: Record<string, unknown>, reportId = '1'): { identity: string; key: string | null } {
  const result = normalizer.normalize(raw, source(reportId), 0);
  if (!result.ok) throw new Error(`quarantined: ${result.quarantined.reason} ${result.quarantined.detail}`);
  return { identity: result.record.recordHash, key: matchKeyOf(result.record, config) };
}

function identityOf(raw: Record<string, unknown>, reportId = '1'): string {
  return normalized(raw, reportId).identity;
}

describe('record identity', () => {
  it('is the same, with the same match key, for any two renderings of one record, in any report', () => {
    fc.assert(
      fc.property(meaning, rendering, rendering, (m, a, b) => {
        expect(normalized(render(m, a), '111')).toEqual(normalized(render(m, b), '222'));
      }),
      { numRuns: 300 },
    );
  });

  it('is the same for a São Paulo evening written in UTC and with dashed, spaced, `.0` identifiers', () => {
    const m: Meaning = { ...EXAMPLE, acquirer: 7, nsu: 123, sale: [2025, 1, 10], pay: [2025, 1, 10] };
    const evening: Clock = { minuteOfDay: 23 * 60 + 30, offset: -180 };
    const written = (r: Partial<Rendering>) => render(m, { ...PLAIN, date: 5, clock: evening, ...r });
    const local = written({});
    expect(local).toMatchObject({ DTPAGAMENTO: '2025-01-10T23:30:00-03:00', NSU: '123' });
    const forms: [Partial<Rendering>, Record<string, unknown>][] = [
      [{ clock: { ...evening, offset: 0 } }, { DTPAGAMENTO: '2025-01-11T02:30:00Z' }],
      [{ padZeros: 3, idForm: { ...PLAIN.idForm, separator: '-', splitAt: 2 } }, { NSU: '000-123' }],
      [{ padZeros: 3, idForm: { ...PLAIN.idForm, separator: ' ', splitAt: 1 } }, { NSU: '00 0123' }],
      [{ idForm: { ...PLAIN.idForm, fraction: '.0' } }, { NSU: '123.0', ADQUIRENTE: '7.0' }],
      [{ idForm: { ...PLAIN.idForm, invisible: '\u200B', invisibleAt: 0 } }, { NSU: '\u200B123' }],
    ];
    for (const [form, shown] of forms) {
      expect(written(form)).toMatchObject(shown);
      expect(normalized(written(form))).toEqual(normalized(local));
    }
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
    const withId = (id: string) => ({ ...render(EXAMPLE, PLAIN), IDPAGAMENTO: id });
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
