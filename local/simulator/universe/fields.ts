/**
 * A record's fields before they are written: canonical upper-case names and typed values, and the
 * forms a money amount or a date can be written in. `encoding.ts` decides which form each report uses.
 */
import { fromEpochDay } from '../../../lambdas/core/calendar';
import { formatCents } from '../../../lambdas/core/money';
import type { DataRecord } from './dataset-records';

export type DateParts = { y: string; m: string; d: string };
export type Value =
  | { t: 'text'; v: string }
  | { t: 'int'; v: number }
  | { t: 'money'; cents: number }
  | { t: 'date'; parts: DateParts };
export type Field = [name: string, value: Value];

export const text = (v: string): Value => ({ t: 'text', v });
export const int = (v: number): Value => ({ t: 'int', v });
const money = (cents: number): Value => ({ t: 'money', cents });
function date(day: number): Value {
  const [y, m, d] = fromEpochDay(day).split('-') as [string, string, string];
  return { t: 'date', parts: { y, m, d } };
}

/** The columns only lifecycle records carry: entry type (E1), sign and reason text. */
function roleFields(record: DataRecord): Field[] {
  const fields: Field[] = [];
  if (record.role?.entryType) fields.push(['TIPOLANCAMENTO', text(record.role.entryType)]);
  if (record.role?.sign) fields.push(['SINAL', text(record.role.sign)]);
  if (record.role?.reason) fields.push(['MOTIVO', text(record.role.reason)]);
  return fields;
}

/** Dates of a financial record, and its movement day when the dataset has them. */
function daysOf(record: DataRecord): Field[] {
  const fields: Field[] = [];
  if (record.paymentDay !== null) fields.push(['DTPAGAMENTO', date(record.paymentDay)]);
  if (record.movementDay !== null) fields.push(['DTMOVIMENTO', date(record.movementDay)]);
  return fields;
}

/**
 * The canonical upper-case fields of a record, in the provider's usual order; an account-level
 * record has no sale key (acquirer, merchant, amounts and dates only). `roles` off writes the record
 * as a plain A1/D1 would be (a malformed entry borrowing the record's look).
 */
export function fieldsOf(record: DataRecord, roles = true): Field[] {
  const { receivable: r } = record;
  const head: Field[] = [
    ['TIPOREGISTRO', text(record.code)],
    ['ADQUIRENTE', text(r.sale.acquirer)],
    ['ESTABELECIMENTO', text(r.sale.merchant)],
  ];
  if (roles && record.role?.accountLevel) {
    return [
      ...head,
      ['VLBRUTO', money(record.grossCents)],
      ['VLLIQUIDO', money(record.netCents)],
      ...daysOf(record),
      ...roleFields(record),
    ];
  }
  const fields: Field[] = [
    ...head,
    ['BANDEIRA', text(r.sale.brand)],
    ['NSU', text(r.sale.nsu)],
    ['CODAUTORIZACAO', text(r.sale.authorization)],
  ];
  if (r.sale.tid) fields.push(['TID', text(r.sale.tid)]);
  if (r.sale.product) fields.push(['PRODUTO', text(r.sale.product)]);
  fields.push(
    ['DTVENDA', date(r.sale.saleDay)],
    ['NRPARCELA', int(r.installment)],
    ['QTDPARCELAS', int(r.sale.installments)],
    ['VLBRUTO', money(record.grossCents)],
    ['VLTAXA', money(record.feeCents)],
    ['VLLIQUIDO', money(record.netCents)],
    ['DTVENCIMENTO', date(r.dueDay)],
    ...daysOf(record),
  );
  return roles ? [...fields, ...roleFields(record)] : fields;
}

/** Money as a JSON number literal written exactly from centavos (never through a float): 1234.5, -12. */
export function moneyLiteral(cents: number): string {
  if (cents < 0) return `-${moneyLiteral(-cents)}`;
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.trunc(cents / 100)}.${fraction}` : String(Math.trunc(cents / 100));
}

/** The forms of one amount; a negative one (a fee) keeps its minus sign in every form. */
export function moneyForms(cents: number): (() => string)[] {
  const sign = cents < 0 ? '-' : '';
  const reais = Math.trunc(Math.abs(cents) / 100);
  const centavos = String(Math.abs(cents) % 100).padStart(2, '0');
  return [
    () => moneyLiteral(cents),
    () => `"${sign}${reais}.${centavos}"`,
    () => `"${sign}${reais},${centavos}"`,
    () => `"${formatCents(cents)}"`,
  ];
}

export function dateForms({ y, m, d }: DateParts): string[] {
  return [`"${y}-${m}-${d}"`, `"${d}/${m}/${y}"`, `"${y}${m}${d}"`, `"${y}-${m}-${d}T00:00:00-03:00"`];
}
