/**
 * Records as the provider writes them: production with upper-case keys, string dates in a mix of
 * formats and money as numbers or pt-BR/en strings; sandbox with inconsistent key case and numeric
 * yyyyMMdd dates. The look of each record is seeded by its identity, so a record re-sent in another
 * report or page is byte-for-byte the same (recon deduplicates by content).
 */
import { fromEpochDay } from '../../lambdas/core/calendar';
import { formatCents } from '../../lambdas/core/money';
import type { ReportKind } from '../../lambdas/core/records/canonical';
import type { DataRecord, Universe } from './dataset';
import { pick, type Rng, rngFor } from './random';
import { malformedAnchor } from './report-content';
import type { SimulatorMode } from './types';

type DateParts = { y: string; m: string; d: string };
type Value =
  | { t: 'text'; v: string }
  | { t: 'int'; v: number }
  | { t: 'money'; cents: number }
  | { t: 'date'; parts: DateParts };
type Field = [name: string, value: Value];

const CAMEL: Record<string, string> = {
  TIPOREGISTRO: 'tipoRegistro',
  ADQUIRENTE: 'adquirente',
  ESTABELECIMENTO: 'estabelecimento',
  BANDEIRA: 'bandeira',
  NSU: 'nsu',
  CODAUTORIZACAO: 'codAutorizacao',
  TID: 'tid',
  DTVENDA: 'dtVenda',
  NRPARCELA: 'nrParcela',
  QTDPARCELAS: 'qtdParcelas',
  VLBRUTO: 'vlBruto',
  VLTAXA: 'vlTaxa',
  VLLIQUIDO: 'vlLiquido',
  DTVENCIMENTO: 'dtVencimento',
  DTPAGAMENTO: 'dtPagamento',
  CODPRODUTO: 'codProduto',
  NOMEPRODUTO: 'nomeProduto',
};
const PRODUCTS = ['CREDITO A VISTA', 'CREDITO PARCELADO LOJA', 'DEBITO'];

const text = (v: string): Value => ({ t: 'text', v });
const int = (v: number): Value => ({ t: 'int', v });
const money = (cents: number): Value => ({ t: 'money', cents });
function date(day: number): Value {
  const [y, m, d] = fromEpochDay(day).split('-') as [string, string, string];
  return { t: 'date', parts: { y, m, d } };
}

/** The canonical upper-case fields of a record, in the provider's usual order. */
function fieldsOf(record: DataRecord): Field[] {
  const { receivable: r } = record;
  const fields: Field[] = [
    ['TIPOREGISTRO', text(record.code)],
    ['ADQUIRENTE', text(r.sale.acquirer)],
    ['ESTABELECIMENTO', text(r.sale.merchant)],
    ['BANDEIRA', text(r.sale.brand)],
    ['NSU', text(r.sale.nsu)],
    ['CODAUTORIZACAO', text(r.sale.authorization)],
  ];
  if (r.sale.tid) fields.push(['TID', text(r.sale.tid)]);
  fields.push(
    ['DTVENDA', date(r.sale.saleDay)],
    ['NRPARCELA', int(r.installment)],
    ['QTDPARCELAS', int(r.sale.installments)],
    ['VLBRUTO', money(record.grossCents)],
    ['VLTAXA', money(record.feeCents)],
    ['VLLIQUIDO', money(record.netCents)],
    ['DTVENCIMENTO', date(r.dueDay)],
  );
  if (record.paymentDay !== null) fields.push(['DTPAGAMENTO', date(record.paymentDay)]);
  return fields;
}

/** Columns the alias map does not know; recon must keep them. */
function withExtras(rng: Rng, fields: Field[]): Field[] {
  if (rng() >= 0.15) return fields;
  const product = Math.floor(rng() * PRODUCTS.length);
  return [
    ...fields,
    ['CODPRODUTO', text(String(product + 1))],
    ['NOMEPRODUTO', text(PRODUCTS[product] as string)],
  ];
}

/** Money as a JSON number literal written exactly from centavos (never through a float): 1234.5, 12. */
function moneyLiteral(cents: number): string {
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${Math.trunc(cents / 100)}.${fraction}` : String(Math.trunc(cents / 100));
}

function productionMoney(rng: Rng, cents: number): string {
  const reais = Math.trunc(cents / 100);
  const centavos = String(cents % 100).padStart(2, '0');
  return pick(rng, [
    () => moneyLiteral(cents),
    () => `"${reais}.${centavos}"`,
    () => `"${reais},${centavos}"`,
    () => `"${formatCents(cents)}"`,
  ])();
}

function productionDate(rng: Rng, { y, m, d }: DateParts): string {
  return pick(rng, [
    `"${y}-${m}-${d}"`,
    `"${d}/${m}/${y}"`,
    `"${y}${m}${d}"`,
    `"${y}-${m}-${d}T00:00:00-03:00"`,
  ]);
}

function renderValue(rng: Rng, mode: SimulatorMode, value: Value): string {
  switch (value.t) {
    case 'text':
      return JSON.stringify(value.v);
    case 'int':
      return String(value.v);
    case 'money':
      return mode === 'sandbox' ? moneyLiteral(value.cents) : productionMoney(rng, value.cents);
    case 'date':
      return mode === 'sandbox'
        ? `${value.parts.y}${value.parts.m}${value.parts.d}`
        : productionDate(rng, value.parts);
  }
}

type KeyStyle = (name: string) => string;
const KEY_STYLES: KeyStyle[] = [
  (name) => CAMEL[name] ?? name,
  (name) => {
    const camel = CAMEL[name] ?? name;
    return camel.charAt(0).toUpperCase() + camel.slice(1);
  },
  (name) => name,
];

/** Sandbox keys: one case style per record, and on a quarter of records a style per key. */
function sandboxKeys(rng: Rng): KeyStyle {
  if (rng() < 0.25) return (name) => pick(rng, KEY_STYLES)(name);
  return pick(rng, KEY_STYLES);
}

function render(rng: Rng, mode: SimulatorMode, fields: Field[]): string {
  const key: KeyStyle = mode === 'sandbox' ? sandboxKeys(rng) : (name) => name;
  return `{${fields.map(([name, value]) => `${JSON.stringify(key(name))}:${renderValue(rng, mode, value)}`).join(',')}}`;
}

/**
 * Malformed entries cycle through the defects recon must quarantine: missing NSU, impossible sale
 * date, unparseable amount, unknown record code, and an entry that is not an object. Each uses a fresh
 * NSU so it belongs to no receivable.
 */
function malformedEntry(
  universe: Universe,
  seed: number,
  mode: SimulatorMode,
  kind: ReportKind,
  n: number,
): string {
  const rng = rngFor(seed, 'malformed', kind, n);
  const anchor = universe[kind].records[malformedAnchor(seed, kind, n)] as DataRecord;
  const fields = fieldsOf({ ...anchor, code: kind === 'sales' ? 'A1' : 'D1' });
  const set = (name: string, value: Value) => {
    const field = fields.find(([fieldName]) => fieldName === name);
    if (field) field[1] = value;
  };
  set('NSU', text(`99${String(n).padStart(6, '0')}`));
  switch (n % 5) {
    case 0:
      return render(
        rng,
        mode,
        fields.filter(([name]) => name !== 'NSU'),
      );
    case 1: {
      const year = fromEpochDay(anchor.receivable.sale.saleDay).slice(0, 4);
      set('DTVENDA', { t: 'date', parts: { y: year, m: '02', d: '31' } });
      return render(rng, mode, fields);
    }
    case 2:
      set('VLLIQUIDO', text('12,3a'));
      return render(rng, mode, fields);
    case 3:
      set('TIPOREGISTRO', text('Z9'));
      return render(rng, mode, fields);
    default:
      return JSON.stringify('REGISTRO INVALIDO');
  }
}

/** Builds the encoder of one simulator: entry (record index, or -(n+1) for malformed n) -> JSON text. */
export function buildEncoder(universe: Universe, seed: number, mode: SimulatorMode) {
  return (kind: ReportKind, entry: number): string => {
    if (entry < 0) return malformedEntry(universe, seed, mode, kind, -entry - 1);
    const record = universe[kind].records[entry] as DataRecord;
    const rng = rngFor(seed, 'encode', kind, entry);
    return render(rng, mode, withExtras(rng, fieldsOf(record)));
  };
}

export type Encoder = ReturnType<typeof buildEncoder>;
