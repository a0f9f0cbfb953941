import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRecordHasher } from '../../../lambdas/core/records/hash';

/** A record as the normalizer hands it to the hasher: upper-cased keys and their values. */
const recordArbitrary = fc
  .uniqueArray(fc.constantFrom('NSU', 'VLLIQUIDO', 'DTVENDA', 'ADQUIRENTE', 'TIPOREGISTRO', 'EXTRA'), {
    minLength: 1,
  })
  .chain((keys) =>
    fc.tuple(
      fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length }),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
        minLength: keys.length,
        maxLength: keys.length,
      }),
    ),
  );

describe('record hasher', () => {
  it('gives every record, in any sequence of key layouts, the hash a fresh hasher gives it', () => {
    fc.assert(
      fc.property(fc.array(recordArbitrary, { minLength: 1, maxLength: 30 }), (records) => {
        const shared = buildRecordHasher();
        for (const [keys, values] of records) {
          expect(shared(keys, values)).toBe(buildRecordHasher()(keys, values));
        }
      }),
    );
  });

  it('does not depend on key order', () => {
    const hash = buildRecordHasher();
    expect(hash(['NSU', 'VLLIQUIDO'], ['1', 2])).toBe(hash(['VLLIQUIDO', 'NSU'], [2, '1']));
    expect(hash(['NSU', 'VLLIQUIDO'], ['1', 2])).not.toBe(hash(['NSU', 'VLLIQUIDO'], ['1', 3]));
  });
});
