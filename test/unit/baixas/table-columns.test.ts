/**
 * The lake table holds every field of a line: the store writes a row by the table's columns, so a
 * line field added without a column would be dropped from every row written and read back as
 * missing. The type check fails `npm test`'s compile step; Vitest runs the rest.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BaixaLine } from '../../../lambdas/core/baixas/lines';
import { BAIXA_COLUMN_FIELDS, BAIXAS_TABLE, type BaixaColumnField } from '../../../lambdas/core/baixas/table';

describe('the baixas table', () => {
  it('has one column for every field of a line but its night (the partition)', () => {
    expectTypeOf<Exclude<keyof BaixaLine, BaixaColumnField | 'night'>>().toEqualTypeOf<never>();
    expect(new Set(BAIXA_COLUMN_FIELDS).size).toBe(BAIXA_COLUMN_FIELDS.length);
    expect(BAIXAS_TABLE.columns.map((column) => column.name)).not.toContain('night');
  });
});
