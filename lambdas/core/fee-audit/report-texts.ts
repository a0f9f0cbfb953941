/**
 * The words of the fee audit's report section and message line (report-section.ts, message.ts),
 * both languages in one place. Counts and amounts arrive formatted; `n` is there for the plural.
 */
import { pluralIn } from '../report-kit/plural';
import { textsByLanguage } from '../report-kit/texts';
import type { OverchargeDecision } from './section-model';

const TABLE = 'config/contract-rates.csv';

export interface FeeAuditTexts {
  readonly heading: string;
  readonly off: string;
  readonly invalid: (n: number) => string;
  readonly note: (audited: string, compared: string) => string;
  /** Some receivables had no row of the table: how many, and where to look. */
  readonly withoutRate: (n: number, count: string) => string;
  /** Every receivable lacked a row: nothing was compared, which is no "nothing above the contract". */
  readonly noneCompared: (n: number, count: string) => string;
  readonly nothingToAudit: string;
  /** Under the tables when some fees were compared and none was above the contract. */
  readonly none: string;
  readonly columns: {
    readonly row: string;
    readonly reason: string;
    readonly acquirer: string;
    readonly brand: string;
    readonly items: string;
    readonly overcharged: string;
    readonly sale: string;
    readonly kind: string;
    readonly advance: string;
    readonly contractRate: string;
    readonly chargedRate: string;
    readonly contractFee: string;
    readonly chargedFee: string;
    readonly saleDate: string;
    readonly installment: string;
  };
  /** Beside a line a person decided on (a pendência, docs/breaks.md): "Venda · aceito". */
  readonly decided: Readonly<Record<OverchargeDecision, string>>;
  /** The morning message's line: "Auditoria de taxas: R$ 12,00 acima do contrato em 3 itens; ...". */
  readonly message: {
    readonly label: string;
    readonly invalid: (n: number) => string;
    readonly above: (n: number, count: string, amount: string) => string;
    readonly noneAbove: (n: number, compared: string) => string;
    readonly withoutRate: (n: number, count: string) => string;
    readonly noneCompared: (n: number, count: string) => string;
    readonly nothingToAudit: string;
    /** An acquirer's part of what needs action: "STONE R$ 14.159,28 em 12 itens". */
    readonly owed: (n: number, acquirer: string, amount: string, count: string) => string;
  };
}

const pt = pluralIn('pt-BR');

const PORTUGUESE: FeeAuditTexts = {
  heading: 'Taxas acima do contrato',
  off: `Auditoria de taxas desligada: nenhuma tabela de taxas contratadas (${TABLE}).`,
  invalid: (n) =>
    `A auditoria de taxas não rodou: a tabela de taxas contratadas tem ${n} ${pt(n, 'linha inválida', 'linhas inválidas')}. A conciliação rodou normalmente.`,
  note: (audited, compared) =>
    `Recebíveis desta execução auditados: ${audited}; comparados com uma taxa contratada: ${compared}.`,
  withoutRate: (n, count) =>
    `${count} ${pt(n, 'recebível ficou', 'recebíveis ficaram')} sem taxa contratada: nenhuma linha de ${TABLE} vale para ${pt(n, 'ele', 'eles')}. Confira adquirente, bandeira, produto, parcelas e vigência na tabela.`,
  noneCompared: (n, count) =>
    `Nenhuma taxa contratada se aplicou: ${pt(n, 'o recebível', `os ${count} recebíveis`)} desta execução ${pt(n, 'ficou', 'ficaram')} sem taxa contratada e nada foi comparado com o contrato. Confira adquirente, bandeira, produto, parcelas e vigência em ${TABLE}.`,
  nothingToAudit: 'Nenhum recebível desta execução trouxe valor bruto e taxa para comparar com o contrato.',
  none: 'Nenhuma taxa acima do contrato.',
  columns: {
    row: 'Linha',
    reason: 'Motivo',
    acquirer: 'Adquirente',
    brand: 'Bandeira',
    items: 'Itens',
    overcharged: 'Cobrado a mais',
    sale: 'Venda',
    kind: 'Tipo',
    advance: 'Antecipação',
    contractRate: 'Taxa contratada (%)',
    chargedRate: 'Taxa cobrada (%)',
    contractFee: 'Taxa contratada',
    chargedFee: 'Taxa cobrada',
    saleDate: 'Data da venda',
    installment: 'Parcela',
  },
  decided: { IN_TREATMENT: 'em tratativa', DISPUTED: 'contestado', ACCEPTED: 'aceito' },
  message: {
    label: 'Auditoria de taxas',
    invalid: (n) =>
      `não rodou, a tabela de taxas contratadas tem ${n} ${pt(n, 'linha inválida', 'linhas inválidas')} (veja o relatório)`,
    above: (n, count, amount) => `${amount} acima do contrato em ${count} ${pt(n, 'item', 'itens')}`,
    noneAbove: (n, compared) =>
      `nenhuma taxa acima do contrato ${pt(n, 'no recebível comparado', `nos ${compared} recebíveis comparados`)}`,
    withoutRate: (n, count) =>
      `${count} ${pt(n, 'recebível', 'recebíveis')} sem taxa contratada (confira ${TABLE})`,
    noneCompared: (n, count) =>
      `nenhuma taxa contratada se aplicou ${pt(n, 'ao recebível', `aos ${count} recebíveis`)} desta execução, nada foi comparado (confira ${TABLE})`,
    nothingToAudit: 'nenhum recebível desta execução com valor bruto e taxa a comparar',
    owed: (n, acquirer, amount, count) => `${acquirer} ${amount} em ${count} ${pt(n, 'item', 'itens')}`,
  },
};

const en = pluralIn('en');

const ENGLISH: FeeAuditTexts = {
  heading: 'Fees above the contract',
  off: `Fee audit off: no contracted-rate table (${TABLE}).`,
  invalid: (n) =>
    `The fee audit did not run: the contracted-rate table has ${n} ${en(n, 'bad row', 'bad rows')}. The reconciliation ran as usual.`,
  note: (audited, compared) =>
    `Receivables of this run audited: ${audited}; compared with a contracted rate: ${compared}.`,
  withoutRate: (n, count) =>
    `${count} ${en(n, 'receivable has', 'receivables have')} no contracted rate: no row of ${TABLE} applies to ${en(n, 'it', 'them')}. Check acquirer, brand, product, installments and effective date in the table.`,
  noneCompared: (n, count) =>
    `No contracted rate applied: ${en(n, 'the receivable', `all ${count} receivables`)} of this run had no contracted rate and nothing was compared with the contract. Check acquirer, brand, product, installments and effective date in ${TABLE}.`,
  nothingToAudit: 'No receivable of this run carried a gross amount and a fee to compare with the contract.',
  none: 'No fee above the contract.',
  columns: {
    row: 'Row',
    reason: 'Reason',
    acquirer: 'Acquirer',
    brand: 'Brand',
    items: 'Items',
    overcharged: 'Overcharged',
    sale: 'Sale',
    kind: 'Kind',
    advance: 'Advance',
    contractRate: 'Contracted rate (%)',
    chargedRate: 'Charged rate (%)',
    contractFee: 'Contracted fee',
    chargedFee: 'Charged fee',
    saleDate: 'Sale date',
    installment: 'Installment',
  },
  decided: { IN_TREATMENT: 'in treatment', DISPUTED: 'disputed', ACCEPTED: 'accepted' },
  message: {
    label: 'Fee audit',
    invalid: (n) =>
      `did not run, the contracted-rate table has ${n} ${en(n, 'bad row', 'bad rows')} (see the report)`,
    above: (n, count, amount) => `${amount} above the contract in ${count} ${en(n, 'item', 'items')}`,
    noneAbove: (n, compared) =>
      `no fee above the contract ${en(n, 'in the receivable compared', `in the ${compared} receivables compared`)}`,
    withoutRate: (n, count) =>
      `${count} ${en(n, 'receivable', 'receivables')} without a contracted rate (check ${TABLE})`,
    noneCompared: (n, count) =>
      `no contracted rate applied to ${en(n, 'the receivable', `the ${count} receivables`)} of this run, nothing was compared (check ${TABLE})`,
    nothingToAudit: 'no receivable of this run with a gross amount and a fee to compare',
    owed: (n, acquirer, amount, count) => `${acquirer} ${amount} in ${count} ${en(n, 'item', 'items')}`,
  },
};

export const feeAuditTextsFor = textsByLanguage<FeeAuditTexts>({ 'pt-BR': PORTUGUESE, en: ENGLISH });
