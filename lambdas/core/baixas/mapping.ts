/**
 * How a company fits the ERP export to its ERP without code (docs/erp-export.md): which columns, in
 * which order, under which headers and formats, and the account code of each line by acquirer and
 * component. Setting `erpExport` of the configuration, or a file given to `recon export baixas
 * --mapping`; absent, the generic layout ({@link GENERIC_MAPPING}).
 */
import { z } from 'zod';
import { parseConfig } from '../config-issues';
import { BAIXA_COLUMN_FIELDS, type BaixaColumnField } from './table';

/**
 * What a column can show of a line: its night, the fields the lake table holds (in its order), its
 * account code and whether it is re-exported.
 */
export const LINE_FIELDS = ['night', ...BAIXA_COLUMN_FIELDS, 'account', 'reexport'] as [
  LineField,
  ...LineField[],
];
export type LineField = 'night' | BaixaColumnField | 'account' | 'reexport';

/** `date`: dd/MM/yyyy; `money`: reais with a decimal comma (centavos in JSON Lines); `text`: as is. */
export const COLUMN_FORMATS = ['text', 'date', 'money'] as const;
export type ColumnFormat = (typeof COLUMN_FORMATS)[number];

const DATE_FIELDS: ReadonlySet<LineField> = new Set(['night', 'saleDate', 'dueDate', 'paymentDate']);

const columnSchema = z
  .object({
    header: z.string().min(1),
    /** The line's field, or absent with `value` for a constant column (a company code, a history text). */
    field: z.enum(LINE_FIELDS).optional(),
    value: z.string().optional(),
    format: z.enum(COLUMN_FORMATS).optional(),
  })
  .strict()
  .refine((column) => (column.field === undefined) !== (column.value === undefined), {
    message: 'a column has either a field or a constant value',
  });

export const erpMappingSchema = z
  .object({
    columns: z.array(columnSchema).min(1),
    /**
     * Account codes: `ACQUIRER:COMPONENT`, `COMPONENT`, `ACQUIRER` or `*`, the most specific first
     * (acquirer as the reports give it, component as the lines name it: PAYMENT, CHARGEBACK...).
     */
    accounts: z.record(z.string().min(1), z.string()).default({}),
    /**
     * Lines equal in every column but the money ones are summed into one row (a summary per
     * establishment and day, say); a row that sums to zero is left out.
     */
    summary: z.boolean().default(false),
  })
  .strict();

export type ErpMapping = z.output<typeof erpMappingSchema>;
export type ErpMappingInput = z.input<typeof erpMappingSchema>;

export interface Column {
  readonly header: string;
  readonly field?: LineField | undefined;
  readonly value?: string | undefined;
  readonly format: ColumnFormat;
}

/** A column's format: as set, else what its field is. */
export function columnsOf(mapping: ErpMapping): Column[] {
  return mapping.columns.map((column) => ({
    ...column,
    format:
      column.format ??
      (column.field === 'amountCents'
        ? 'money'
        : column.field && DATE_FIELDS.has(column.field)
          ? 'date'
          : 'text'),
  }));
}

/** Every field of a line under its own name, in the order of {@link LINE_FIELDS}. */
export const GENERIC_MAPPING: ErpMapping = {
  columns: LINE_FIELDS.map((field) => ({ header: field, field })),
  accounts: {},
  summary: false,
};

/** A mapping from a file or the configuration; each problem named by its key under `root`. */
export function parseErpMapping(input: unknown, root: string, source: string): ErpMapping {
  return parseConfig(erpMappingSchema, input, root, source);
}
