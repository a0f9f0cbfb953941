import { describe, expect, it } from 'vitest';
import { parseCents } from '../../../lambdas/core/ingest/records/amount';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../../../lambdas/core/ingest/records/normalize';
import { buildEncoder } from '../../../local/simulator/rendering/encoding';
import { type ReportRendering, renderingFor } from '../../../local/simulator/rendering/variance';
import { generateUniverse } from '../../../local/simulator/universe/dataset';
import type { DataRecord } from '../../../local/simulator/universe/dataset-records';
import { reconConfig } from '../../support/recon-records';

const SEED = 42;
const universe = generateUniverse({
  seed: SEED,
  sales: 400,
  from: '2025-01-01',
  to: '2025-03-31',
  lifecycle: true,
});
const KEY = ['ADQUIRENTE', 'ESTABELECIMENTO', 'NSU', 'CODAUTORIZACAO', 'DTVENDA', 'NRPARCELA'];

/** Index of records in their kind, and the first A1/D1 of the same receivable, for role records. */
function pairs(
  kind: ReportKind,
  code: string,
  partner: string,
  test: (r: DataRecord) => boolean = () => true,
) {
  const records = universe[kind].records;
  return records.flatMap((record, index) => {
    if (record.code !== code || !test(record)) return [];
    const other = records.findIndex((r) => r.code === partner && r.receivable === record.receivable);
    return other < 0 ? [] : [{ index, other }];
  });
}

/** A report id whose rendering has the wanted traits. */
function reportWith(
  kind: ReportKind,
  wanted: Partial<ReportRendering>,
): { id: string; rendering: ReportRendering } {
  for (let n = 0; ; n++) {
    const rendering = renderingFor(SEED, String(n), kind);
    if (Object.entries(wanted).every(([k, v]) => rendering[k as keyof ReportRendering] === v))
      return { id: String(n), rendering };
  }
}

const upper = (text: string) =>
  Object.fromEntries(Object.entries(JSON.parse(text) as object).map(([k, v]) => [k.toUpperCase(), v]));

describe('lifecycle records under rendering variance', () => {
  const encode = buildEncoder(universe, SEED, 'production');

  it('writes the match key of a role record exactly as its A1 or D1 in the same report', () => {
    for (const numericIds of [true, false]) {
      const financial = reportWith('financial', { numericIds, padNsu: true });
      const sales = reportWith('sales', { numericIds });
      const cases = [
        { kind: 'financial', rendering: financial.rendering, found: pairs('financial', 'E1', 'D1') },
        { kind: 'financial', rendering: financial.rendering, found: pairs('financial', 'F1', 'D1') },
        { kind: 'sales', rendering: sales.rendering, found: pairs('sales', 'A2', 'A1') },
      ] as const;
      for (const { kind, rendering, found } of cases) {
        for (const { index, other } of found.slice(0, 20)) {
          const role = upper(encode(kind, index, rendering));
          const plain = upper(encode(kind, other, rendering));
          expect(KEY.map((k) => role[k])).toEqual(KEY.map((k) => plain[k]));
          if (kind === 'financial') expect(String(role.NSU)).toHaveLength(12);
        }
      }
    }
    expect(pairs('financial', 'E1', 'D1').length).toBeGreaterThan(10);
  });

  it('writes the entry type as a JSON number when the report writes identifiers as numbers', () => {
    const [chargeback] = pairs('financial', 'E1', 'D1', (r) => r.role?.entryType === '08');
    const numeric = reportWith('financial', { numericIds: true }).rendering;
    const text = reportWith('financial', { numericIds: false }).rendering;
    expect(upper(encode('financial', chargeback?.index as number, numeric)).TIPOLANCAMENTO).toBe(8);
    expect(upper(encode('financial', chargeback?.index as number, text)).TIPOLANCAMENTO).toBe('08');
  });

  it('writes negative fees in every money form so that they read back to their amount', () => {
    const fees = universe.financial.records.flatMap((r, i) => (r.code === 'G1' ? [i] : []));
    for (const moneyStyle of [0, 1, 2, 3]) {
      const rendering = { ...reportWith('financial', {}).rendering, moneyStyle };
      for (const index of fees.slice(0, 10)) {
        const written = upper(encode('financial', index, rendering));
        const read = parseCents(written.VLLIQUIDO);
        expect(read).toEqual({ ok: true, cents: universe.financial.records[index]?.netCents });
        expect(written.NSU).toBeUndefined();
        expect(written.MOTIVO).toBeTypeOf('string');
      }
    }
  });

  it('varies key case in sandbox and shifts dates and identifiers of role records too', () => {
    const sandbox = buildEncoder(universe, SEED, 'sandbox');
    const roleIndexes = universe.financial.records.flatMap((r, i) => (r.role?.entryType ? [i] : []));
    const keys = new Set(roleIndexes.flatMap((i) => Object.keys(JSON.parse(sandbox('financial', i)))));
    expect(keys).toContain('tipoLancamento');
    expect(keys).toContain('TIPOLANCAMENTO');
    const shifted = roleIndexes.map((i) => upper(encode('financial', i, undefined, 0, { shiftedIn: 'r1' })));
    expect(shifted.some((r) => /T\d{2}:\d{2}/.test(String(r.DTPAGAMENTO)))).toBe(true);
  });

  it("reads back, under every rendering, to the match key recon reads from the receivable's A1", () => {
    const config = reconConfig();
    const normalizer = buildNormalizer(config);
    const read = (kind: ReportKind, index: number, reportId: string) => {
      const rendering = renderingFor(SEED, reportId, kind);
      const raw = JSON.parse(encode(kind, index, rendering, 0, { shiftedIn: reportId }));
      const result = normalizer.normalize(raw, {
        reportKind: kind,
        reportId,
        page: 1,
        generatedOn: '2025-06-01',
      });
      if (!result.ok) throw new Error(`quarantined: ${JSON.stringify(raw)}`);
      return config.matchKey.map((field) => result.record[field]);
    };
    const forecasts = new Map(
      universe.sales.records.flatMap((r, i) => (r.code === 'A1' ? [[r.receivable, i] as const] : [])),
    );
    let linked = 0;
    for (const kind of ['sales', 'financial'] as const) {
      universe[kind].records.forEach((record, index) => {
        if (!record.role || record.role.accountLevel) return;
        const a1 = forecasts.get(record.receivable);
        for (const reportId of ['1', '2', '3']) {
          const key = read(kind, index, reportId);
          if (a1 === undefined) continue;
          expect(key).toEqual(read('sales', a1, `a1-${reportId}`));
          linked++;
        }
      });
    }
    expect(linked).toBeGreaterThan(300);
  });

  it('writes a role record the same way every time it is sent', () => {
    const [index] = pairs('financial', 'E1', 'D1');
    expect(encode('financial', index?.index as number)).toBe(encode('financial', index?.index as number));
  });
});
