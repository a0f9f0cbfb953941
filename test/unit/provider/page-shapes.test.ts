import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../lambdas/core/provider/schemas';

describe('parsePage', () => {
  it('accepts a one-record page whose registro is a single object', () => {
    const page = parsePage('download', '7', 3, { id: 7, pagina: 3, registros: { registro: { NSU: '1' } } });
    expect(page).toMatchObject({ records: [{ NSU: '1' }], malformed: [], pastLastPage: false });
  });

  it('reads an absent, null or empty registro as past the last page', () => {
    for (const registros of [undefined, null, {}, { registro: null }, { registro: [] }]) {
      expect(parsePage('download', '7', 9, { id: 7, pagina: 9, registros }).pastLastPage).toBe(true);
    }
  });
});
