import { describe, expect, it } from 'vitest';
import { fromEpochDay } from '../../../lambdas/core/calendar';
import { buildEncoder } from '../../../local/simulator/rendering/encoding';
import { reportEntries } from '../../../local/simulator/reports/report-content';
import { generateUniverse } from '../../../local/simulator/universe/dataset';
import { parse } from '../../integration/simulator/normalize';

const SEED = 42;
const universe = generateUniverse({ seed: SEED, sales: 400, from: '2025-01-01', to: '2025-03-31' });
const period = { from: '2025-01-01', to: '2025-03-31' };

describe.each(['production', 'sandbox'] as const)('record encoding (%s)', (mode) => {
  const encode = buildEncoder(universe, SEED, mode);

  it('writes every clean record so that it reads back to its exact amounts and dates', () => {
    for (const kind of ['sales', 'financial'] as const) {
      for (const entry of reportEntries(universe, SEED, kind, period).filter((e) => e >= 0)) {
        const record = universe[kind].records[entry];
        const parsed = parse(JSON.parse(encode(kind, entry)));
        expect(parsed).toMatchObject({
          code: record?.code,
          netCents: record?.netCents,
          dueDate: fromEpochDay(record?.receivable.dueDay ?? 0),
        });
      }
    }
  });

  it('writes a record the same way every time it is sent', () => {
    expect(encode('financial', 7)).toBe(encode('financial', 7));
  });

  it('writes malformed entries that a reader must quarantine, cycling through the defects', () => {
    const texts = [0, 1, 2, 3, 4].map((n) => encode('sales', -(n + 1)));
    for (const text of texts) expect(parse(JSON.parse(text))).toBeUndefined();
    expect(texts[0]?.toUpperCase()).not.toContain('"NSU"');
    expect(texts[1]).toMatch(/02-?31|31\/02/);
    expect(texts[2]).toContain('"12,3a"');
    expect(texts[3]).toContain('"Z9"');
    expect(JSON.parse(texts[4] as string)).toBeTypeOf('string');
  });
});

describe('production money and dates', () => {
  it('mixes number and string amounts and four date formats', () => {
    const encode = buildEncoder(universe, SEED, 'production');
    const text = Array.from({ length: 300 }, (_, i) => encode('financial', i)).join('\n');
    expect(text).toMatch(/"VLLIQUIDO":\d+(\.\d{1,2})?[,}]/);
    expect(text).toMatch(/"VLLIQUIDO":"\d+\.\d{2}"/);
    expect(text).toMatch(/"VLLIQUIDO":"\d+,\d{2}"/);
    expect(text).toMatch(/"VLBRUTO":"\d{1,3}(\.\d{3})+,\d{2}"/);
    for (const format of [
      /"\d{4}-\d{2}-\d{2}"/,
      /"\d{2}\/\d{2}\/\d{4}"/,
      /"\d{8}"/,
      /"\d{4}-\d{2}-\d{2}T00:00:00-03:00"/,
    ]) {
      expect(text).toMatch(format);
    }
  });
});
