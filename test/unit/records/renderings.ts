/**
 * The renderings model of the identity property test: a record's meaning, and the ways an
 * independent provider may write it (key case and order, date, date-time and amount formats, zone-
 * shifted instants, padded, grouped, `.0`, Unicode-spaced identifiers, per-report columns).
 */
import fc from 'fast-check';

export interface Meaning {
  code: 'A1' | 'D1';
  acquirer: number;
  merchant: number;
  nsu: number;
  authorization: string;
  installment: number;
  sale: [number, number, number];
  due: [number, number, number];
  pay: [number, number, number];
  gross: number;
  fee: number;
  net: number;
}

const dayParts = fc.tuple(
  fc.integer({ min: 2020, max: 2030 }),
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 1, max: 28 }),
);
export const meaning: fc.Arbitrary<Meaning> = fc.record({
  code: fc.constantFrom('A1' as const, 'D1' as const),
  acquirer: fc.integer({ min: 1, max: 99 }),
  merchant: fc.integer({ min: 1_000_000, max: 99_999_999_999_999 }),
  nsu: fc.integer({ min: 1, max: 999_999_999 }),
  authorization: fc.stringMatching(/^[A-Z0-9]{6}$/),
  installment: fc.integer({ min: 1, max: 12 }),
  sale: dayParts,
  due: dayParts,
  pay: dayParts,
  gross: fc.integer({ min: 0, max: 99_999_999 }),
  fee: fc.integer({ min: 0, max: 9_999 }),
  net: fc.integer({ min: 1, max: 99_999_999 }),
});

/**
 * A date-time's clock: the São Paulo wall-clock minute of the record's day, and the offset (minutes
 * east of UTC) the provider writes that instant in; most offsets move the written date.
 */
export interface Clock {
  minuteOfDay: number;
  offset: number;
}

/** How a numeric identifier is decorated: a group separator, a zero fraction, an invisible character. */
interface IdForm {
  separator: string;
  splitAt: number;
  fraction: string;
  invisible: string;
  invisibleAt: number;
}

/** One way of writing every value: the choices an independent provider may make. */
export interface Rendering {
  keyCase: 'upper' | 'lower' | 'camel';
  date: number;
  clock: Clock;
  amount: number;
  padZeros: number;
  idForm: IdForm;
  numbersAsNumbers: boolean;
  punctuateCnpj: boolean;
  authCase: 'upper' | 'lower';
  spaces: boolean;
  extraColumns: [string, string][];
  reverseKeys: boolean;
}

// Spaces and invisible characters exports and copy-paste leave in identifiers.
const NBSP = '\u00A0';
const FIGURE_SPACE = '\u2007';
const NARROW_NBSP = '\u202F';

const idForm: fc.Arbitrary<IdForm> = fc.record({
  separator: fc.constantFrom('', '-', ' ', ' - ', NBSP, FIGURE_SPACE, NARROW_NBSP),
  splitAt: fc.nat(),
  fraction: fc.constantFrom('', '', '.0', '.00', ',0', '.0000'),
  invisible: fc.constantFrom('', '\u200B', '\uFEFF', '\u2060', '\u200D'),
  invisibleAt: fc.nat(),
});

export const rendering: fc.Arbitrary<Rendering> = fc.record({
  keyCase: fc.constantFrom('upper' as const, 'lower' as const, 'camel' as const),
  date: fc.integer({ min: 0, max: 6 }),
  clock: fc.record({
    minuteOfDay: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    offset: fc.integer({ min: -12 * 60, max: 14 * 60 }),
  }),
  amount: fc.integer({ min: 0, max: 3 }),
  padZeros: fc.integer({ min: 0, max: 6 }),
  idForm,
  numbersAsNumbers: fc.boolean(),
  punctuateCnpj: fc.boolean(),
  authCase: fc.constantFrom('upper' as const, 'lower' as const),
  spaces: fc.boolean(),
  extraColumns: fc.array(
    fc.tuple(fc.constantFrom('NRLINHA', 'IDREMESSA', 'DTGERACAO', 'NOVACOLUNA'), fc.string()),
    {
      maxLength: 3,
    },
  ),
  reverseKeys: fc.boolean(),
});

const pad2 = (n: number) => String(n).padStart(2, '0');

const MINUTE = 60_000;
/** São Paulo is UTC-03:00 all year from 2020 on (the meanings' years): no time-zone database needed. */
const SAO_PAULO_OFFSET = -180;

/** The instant at a São Paulo wall-clock minute of the day, written in another offset. */
function zoneShifted([y, m, d]: [number, number, number], { minuteOfDay, offset }: Clock): string {
  const instant = Date.UTC(y, m - 1, d) + (minuteOfDay - SAO_PAULO_OFFSET) * MINUTE;
  const wall = new Date(instant + offset * MINUTE).toISOString().slice(0, 19);
  if (offset === 0) return `${wall}Z`;
  const abs = Math.abs(offset);
  return `${wall}${offset < 0 ? '-' : '+'}${pad2(Math.trunc(abs / 60))}:${pad2(abs % 60)}`;
}

function renderDate(day: [number, number, number], style: number, clock: Clock): unknown {
  const [y, mm, dd] = [day[0], pad2(day[1]), pad2(day[2])];
  const local = `${pad2(Math.trunc(clock.minuteOfDay / 60))}:${pad2(clock.minuteOfDay % 60)}`;
  return [
    `${y}-${mm}-${dd}`,
    `${dd}/${mm}/${y}`,
    `${y}${mm}${dd}`,
    Number(`${y}${mm}${dd}`),
    `${y}-${mm}-${dd}T00:00:00-03:00`,
    zoneShifted(day, clock),
    `${y}-${mm}-${dd}T${local}`,
  ][style];
}

/** Inserts `inserted` at a position of `text` chosen by `at` (modulo the positions allowed). */
function insertAt(text: string, inserted: string, at: number, first: number, last: number): string {
  if (inserted === '' || last < first) return text;
  const position = first + (at % (last - first + 1));
  return text.slice(0, position) + inserted + text.slice(position);
}

/** Digits decorated: a separator between two digits, maybe a zero fraction, an invisible character. */
function decorate(digits: string, form: IdForm, withFraction: boolean): string {
  const grouped = insertAt(digits, form.separator, form.splitAt, 1, digits.length - 1);
  const number = withFraction ? `${grouped}${form.fraction}` : grouped;
  return insertAt(number, form.invisible, form.invisibleAt, 0, number.length);
}

function renderAmount(cents: number, style: number): unknown {
  const reais = Math.trunc(cents / 100);
  const centavos = pad2(cents % 100);
  const grouped = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return [
    Number(`${reais}.${centavos}`),
    `${reais}.${centavos}`,
    `${reais},${centavos}`,
    `${grouped},${centavos}`,
  ][style];
}

function cnpj(merchant: number, punctuate: boolean, form: IdForm): string {
  const digits = String(merchant).padStart(14, '0');
  // A zero fraction is how a number is written, never a punctuated document.
  if (!punctuate) return decorate(digits, form, true);
  const written = `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
  return decorate(written, { ...form, separator: '' }, false);
}

export function render(m: Meaning, r: Rendering): Record<string, unknown> {
  const id = (n: number): unknown =>
    r.numbersAsNumbers ? n : text(decorate(`${'0'.repeat(r.padZeros)}${n}`, r.idForm, true));
  const text = (value: string) => (r.spaces ? ` ${NBSP}${value}${FIGURE_SPACE} ` : value);
  const fields: [string, unknown][] = [
    ['TIPOREGISTRO', text(m.code)],
    ['ADQUIRENTE', id(m.acquirer)],
    ['CNPJ', r.numbersAsNumbers ? m.merchant : text(cnpj(m.merchant, r.punctuateCnpj, r.idForm))],
    ['NSU', id(m.nsu)],
    ['CODAUTORIZACAO', text(r.authCase === 'upper' ? m.authorization : m.authorization.toLowerCase())],
    ['NRPARCELA', r.numbersAsNumbers ? m.installment : String(m.installment)],
    ['DTVENDA', renderDate(m.sale, r.date, r.clock)],
    ['DTVENCIMENTO', renderDate(m.due, r.date, r.clock)],
    ['DTPAGAMENTO', renderDate(m.pay, r.date, r.clock)],
    ['VLBRUTO', renderAmount(m.gross, r.amount)],
    ['VLTAXA', renderAmount(m.fee, r.amount)],
    ['VLLIQUIDO', renderAmount(m.net, r.amount)],
    ...r.extraColumns,
  ];
  const keyed = fields.map(([key, value]): [string, unknown] => [
    r.keyCase === 'upper'
      ? key
      : r.keyCase === 'lower'
        ? key.toLowerCase()
        : key.charAt(0) + key.slice(1).toLowerCase(),
    value,
  ]);
  return Object.fromEntries(r.reverseKeys ? keyed.reverse() : keyed);
}

export const EXAMPLE: Meaning = {
  code: 'D1',
  acquirer: 1,
  merchant: 12345678000190,
  nsu: 123,
  authorization: 'ABC123',
  installment: 1,
  sale: [2025, 1, 2],
  due: [2025, 2, 2],
  pay: [2025, 2, 2],
  gross: 10_000,
  fee: 300,
  net: 9_700,
};
export const PLAIN: Rendering = {
  keyCase: 'upper',
  date: 0,
  clock: { minuteOfDay: 0, offset: -180 },
  amount: 0,
  padZeros: 0,
  idForm: { separator: '', splitAt: 0, fraction: '', invisible: '', invisibleAt: 0 },
  numbersAsNumbers: false,
  punctuateCnpj: false,
  authCase: 'upper',
  spaces: false,
  extraColumns: [],
  reverseKeys: false,
};
