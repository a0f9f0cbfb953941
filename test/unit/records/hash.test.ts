import { describe, expect, it } from 'vitest';
import { rawRecordHash } from '../../../lambdas/core/ingest/records/hash';

describe('raw record hash (quarantined records)', () => {
  it('does not depend on key order or key case', () => {
    expect(rawRecordHash({ NSU: '1', VLLIQUIDO: 2 })).toBe(rawRecordHash({ vlLiquido: 2, nsu: '1' }));
  });

  it('changes with any value', () => {
    expect(rawRecordHash({ NSU: '1', VLLIQUIDO: 2 })).not.toBe(rawRecordHash({ NSU: '1', VLLIQUIDO: 3 }));
  });

  it('keeps a key given twice in two cases, whatever order they come in', () => {
    expect(rawRecordHash({ NSU: '1', nsu: '2' })).toBe(rawRecordHash({ nsu: '2', NSU: '1' }));
    expect(rawRecordHash({ NSU: '1', nsu: '2' })).not.toBe(rawRecordHash({ NSU: '1' }));
  });
});
