/**
 * Records as the provider writes them: production with upper-case keys, string dates in a mix of
 * formats and money as numbers or pt-BR/en strings; sandbox with inconsistent key case and numeric
 * yyyyMMdd dates. Without variance the look of each record is seeded by its identity, so a record
 * re-sent in another report is byte-for-byte the same; with variance (see `variance.ts`) each report
 * renders its records its own way, and recon must still see one record.
 */
import { fromEpochDay } from '../../../lambdas/core/calendar';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { bankColumns } from '../bank/accounts';
import { malformedAnchor } from '../reports/report-content';
import type { SimulatorMode } from '../types';
import { type Corrections, correctedRecord, NO_CORRECTIONS } from '../universe/corrections';
import type { DataRecord, Universe } from '../universe/dataset';
import {
  dateForms,
  type Field,
  fieldsOf,
  int,
  moneyForms,
  moneyLiteral,
  text,
  type Value,
} from '../universe/fields';
import { pick, type Rng, rngFor } from '../universe/random';
import { shiftedDate, shiftedId } from './shifted';
import type { ReportRendering } from './variance';

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
  DTMOVIMENTO: 'dtMovimento',
  NSEQ: 'nSeq',
  CODPRODUTO: 'codProduto',
  NOMEPRODUTO: 'nomeProduto',
  TIPOLANCAMENTO: 'tipoLancamento',
  SINAL: 'sinal',
  MOTIVO: 'motivo',
  BANCO: 'banco',
  AGENCIA: 'agencia',
  CONTA: 'conta',
};
const PRODUCTS = ['CREDITO A VISTA', 'CREDITO PARCELADO LOJA', 'DEBITO'];

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

/** One form of a value: the report's own choice under variance, else a seeded pick per record. */
function renderValue(rng: Rng, mode: SimulatorMode, value: Value, rendering?: ReportRendering): string {
  switch (value.t) {
    case 'text':
      return JSON.stringify(value.v);
    case 'int':
      return String(value.v);
    case 'money': {
      if (mode === 'sandbox') return moneyLiteral(value.cents);
      const forms = moneyForms(value.cents);
      return (rendering ? (forms[rendering.moneyStyle] as () => string) : pick(rng, forms))();
    }
    case 'date': {
      if (mode === 'sandbox') return `${value.parts.y}${value.parts.m}${value.parts.d}`;
      const forms = dateForms(value.parts);
      return rendering ? (forms[rendering.dateStyle] as string) : pick(rng, forms);
    }
  }
}

/** Columns a report may write as JSON numbers; an entry type `06` then reads 6. */
const NUMERIC_IDS: ReadonlySet<string> = new Set(['NSU', 'ESTABELECIMENTO', 'TIPOLANCAMENTO']);

/** Identifier and column changes a report's rendering makes (values keep their meaning). */
function varied(fields: Field[], rendering: ReportRendering, line: number): Field[] {
  const out = fields.map(([name, value]): Field => {
    if (value.t !== 'text' || !/^\d+$/.test(value.v)) return [name, value];
    if (name === 'NSU' && rendering.padNsu) return [name, text(value.v.padStart(12, '0'))];
    if (rendering.numericIds && NUMERIC_IDS.has(name)) return [name, int(Number(value.v))];
    return [name, value];
  });
  if (rendering.sequenceColumn) out.unshift(['NRLINHA', int(line + 1)]);
  if (rendering.reportColumn) out.push(['IDREMESSA', text(rendering.reportColumn)]);
  return out;
}

const SHIFTED_IDS: ReadonlySet<string> = new Set(['ADQUIRENTE', 'ESTABELECIMENTO', 'NSU']);

/** Knob `shiftedRenderings`: dates and numeric identifiers in their other forms (`shifted.ts`). */
function shifted(fields: Field[], rng: Rng): Field[] {
  return fields.map(([name, value]): Field => {
    if (value.t === 'date') {
      return [name, text(shiftedDate(rng, `${value.parts.y}-${value.parts.m}-${value.parts.d}`))];
    }
    if (value.t === 'text' && SHIFTED_IDS.has(name) && /^\d+$/.test(value.v)) {
      return [name, text(shiftedId(rng, value.v))];
    }
    return [name, value];
  });
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

function render(rng: Rng, mode: SimulatorMode, fields: Field[], rendering?: ReportRendering): string {
  const key: KeyStyle = mode === 'sandbox' ? sandboxKeys(rng) : (name) => name;
  return `{${fields.map(([name, value]) => `${JSON.stringify(key(name))}:${renderValue(rng, mode, value, rendering)}`).join(',')}}`;
}

/**
 * Malformed entries cycle through the defects recon must quarantine: missing NSU, impossible sale
 * date, unparseable amount, unknown record code, an entry that is not an object, installments beyond
 * 32 bits, an over-long authorization code, a placeholder NSU, the merchant given twice (ESTABELECIMENTO
 * and CNPJ) with different values, and an A1 without a due date (a placeholder merchant on D1). Each uses a fresh NSU
 * (or none) so it belongs to no receivable.
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
  const fields = fieldsOf({ ...anchor, code: kind === 'sales' ? 'A1' : 'D1' }, false);
  const set = (name: string, value: Value) => {
    const field = fields.find(([fieldName]) => fieldName === name);
    if (field) field[1] = value;
  };
  set('NSU', text(`99${String(n).padStart(6, '0')}`));
  switch (n % 10) {
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
    case 5:
      set('QTDPARCELAS', text('3000000000'));
      return render(rng, mode, fields);
    case 6:
      set('CODAUTORIZACAO', text('X'.repeat(300)));
      return render(rng, mode, fields);
    case 7:
      set('NSU', text('000'));
      return render(rng, mode, fields);
    case 8:
      return render(rng, mode, [...fields, ['CNPJ', text('99999999000199')]]);
    case 9:
      if (kind === 'sales')
        return render(
          rng,
          mode,
          fields.filter(([name]) => name !== 'DTVENCIMENTO'),
        );
      set('ESTABELECIMENTO', text('0'));
      return render(rng, mode, fields);
    default:
      return JSON.stringify('REGISTRO INVALIDO');
  }
}

/** How a report shows an entry besides its rendering: its report-wide line number, corrections. */
interface EntryContext {
  /** Written as NSEQ (faults `pageSeamOverlap: 'sequenced'`). */
  readonly sequence?: number;
  readonly corrections?: Corrections;
  /** The report id the knob `shiftedRenderings` draws this record's forms for (off when absent). */
  readonly shiftedIn?: string;
}

/**
 * Builds the encoder of one simulator: entry (record index, or -(n+1) for malformed n) -> JSON text;
 * with a report's rendering (variance), the entry's line in its page, and its context in the report
 * (sequence, corrections, and the report id whose shifted renderings apply: knob
 * `shiftedRenderings`; malformed entries keep their defect as is).
 */
export function buildEncoder(universe: Universe, seed: number, mode: SimulatorMode) {
  return (
    kind: ReportKind,
    entry: number,
    rendering?: ReportRendering,
    line = 0,
    context: EntryContext = {},
  ): string => {
    if (entry < 0) return malformedEntry(universe, seed, mode, kind, -entry - 1);
    const stored = universe[kind].records[entry] as DataRecord;
    const record = correctedRecord(universe, seed, stored, context.corrections ?? NO_CORRECTIONS);
    const rng = rngFor(seed, 'encode', kind, entry);
    const base = withExtras(rng, fieldsOf(record));
    const fields: Field[] =
      context.sequence === undefined ? base : [['NSEQ', int(context.sequence)], ...base];
    const shown = rendering ? varied(fields, rendering, line) : fields;
    // Its own dice: turning the knob on changes no other choice of the record's rendering.
    const { shiftedIn } = context;
    const forms =
      shiftedIn === undefined ? shown : shifted(shown, rngFor(seed, 'shifted', shiftedIn, kind, entry));
    // Last, so that the columns before them render exactly as they did without them.
    const banked = [...forms, ...bankColumns(seed, kind, entry, record, rendering?.numericIds === true)];
    return render(rng, mode, banked, rendering);
  };
}

export type Encoder = ReturnType<typeof buildEncoder>;
