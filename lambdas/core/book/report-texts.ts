/**
 * The words of the book's report sections: the lifecycle's (report-section.ts, docs/lifecycle.md),
 * cancellations and advances as information and the records no role classifies with what to
 * configure, and who owes what (report-who-owes-what.ts). Both languages in one place like the other
 * sections' texts.
 */
import { formatQuantity } from '../report-kit/plural';
import { textsByLanguage } from '../report-kit/texts';

interface WhoOwesWhatTexts {
  readonly heading: string;
  readonly note: string;
  /** Why an acquirer's row has only the fee audit's and the bank's figures. */
  readonly bookOnly: string;
  readonly total: string;
  readonly none: string;
  readonly columns: {
    readonly acquirer: string;
    readonly expected: string;
    readonly received: string;
    readonly late: string;
    readonly paidShort: string;
    readonly takenBack: string;
    readonly feesAboveContract: string;
    readonly depositsMissing: string;
  };
}

export interface BookTexts {
  /** What a table with no row shows. */
  readonly none: string;
  readonly info: {
    readonly heading: string;
    readonly note: string;
    readonly what: string;
    readonly cancelled: string;
    readonly advanced: string;
    readonly advanceFees: string;
    readonly chargedBack: string;
    readonly receivables: string;
    readonly amount: string;
  };
  readonly unclassified: {
    readonly heading: string;
    readonly note: string;
    /** How many records a group holds: "3 registros". */
    readonly records: (n: number) => string;
    /** What to configure, in plain words, per group. */
    readonly noRole: (code: string) => string;
    readonly noRuleForValue: (code: string, column: string, value: string) => string;
    readonly unknownSign: (column: string, value: string) => string;
    readonly setting: string;
  };
  readonly whoOwesWhat: WhoOwesWhatTexts;
}

const PORTUGUESE: BookTexts = {
  none: 'nenhum',
  info: {
    heading: 'Cancelamentos e antecipações',
    note: 'Informação, sem ação: o valor cancelado inclui cancelamentos parciais; a taxa de antecipação é um custo à parte, não um pagamento a menor.',
    what: 'Situação',
    cancelled: 'Cancelados (valor cancelado)',
    advanced: 'Antecipados (valor recebido)',
    advanceFees: 'Taxas de antecipação',
    chargedBack: 'Chargebacks (valor estornado)',
    receivables: 'Recebíveis',
    amount: 'Valor',
  },
  unclassified: {
    heading: 'Registros sem papel configurado',
    note: 'Estes registros foram arquivados e contados, mas não aplicados a nenhum recebível: o papel do seu código não está configurado.',
    records: (n) => formatQuantity(n, 'registro', 'registros', 'pt-BR'),
    noRole: (code) =>
      `Defina em recordRoles o papel dos registros ${code} (por exemplo CANCELLATION, FEE ou IGNORE).`,
    noRuleForValue: (code, column, value) =>
      `Acrescente à regra de ${code} o papel do valor "${value}" da coluna ${column}, ou um papel padrão (default).`,
    unknownSign: (column, value) =>
      `Diga em recordSign se o valor "${value}" da coluna ${column} é débito ou crédito.`,
    setting: 'configuração',
  },
  whoOwesWhat: {
    heading: 'Quem deve o quê',
    note: 'Previsto, recebido, atrasado, pago a menor e retomado (chargebacks, descontadas as reversões, e cancelamentos) são da carteira inteira; taxas acima do contrato e depósitos não recebidos, desta execução.',
    bookOnly:
      'Por adquirente, só as taxas acima do contrato e os depósitos não recebidos: os totais mantidos da carteira ainda não estão separados por adquirente (execute recon totals --recount uma vez), e os demais valores estão no total.',
    total: 'Total',
    none: 'nenhum adquirente',
    columns: {
      acquirer: 'Adquirente',
      expected: 'Previsto',
      received: 'Recebido',
      late: 'Atrasado',
      paidShort: 'Pago a menor',
      takenBack: 'Retomado',
      feesAboveContract: 'Taxas acima do contrato',
      depositsMissing: 'Depósitos não recebidos',
    },
  },
};

const ENGLISH: BookTexts = {
  none: 'none',
  info: {
    heading: 'Cancellations and advances',
    note: 'Information, no action: the cancelled amount includes partial cancellations; the advance fee is a cost of its own, not a short payment.',
    what: 'State',
    cancelled: 'Cancelled (amount cancelled)',
    advanced: 'Advanced (amount received)',
    advanceFees: 'Advance fees',
    chargedBack: 'Chargebacks (amount taken back)',
    receivables: 'Receivables',
    amount: 'Amount',
  },
  unclassified: {
    heading: 'Records without a configured role',
    note: 'These records were archived and counted but applied to no receivable: no role is configured for their code.',
    records: (n) => formatQuantity(n, 'record', 'records', 'en'),
    noRole: (code) =>
      `Set the role of ${code} records in recordRoles (for example CANCELLATION, FEE or IGNORE).`,
    noRuleForValue: (code, column, value) =>
      `Add the role of value "${value}" of column ${column} to the rule of ${code}, or a default role.`,
    unknownSign: (column, value) =>
      `Tell recordSign whether value "${value}" of column ${column} is a debit or a credit.`,
    setting: 'setting',
  },
  whoOwesWhat: {
    heading: 'Who owes what',
    note: 'Expected, received, late, paid short and taken back (chargebacks net of reversals, and cancellations) are the whole book’s; fees above the contract and missing deposits, this run’s.',
    bookOnly:
      'Per acquirer, only the fees above the contract and the missing deposits: the book’s kept totals are not split by acquirer yet (run recon totals --recount once), and the other amounts are in the total.',
    total: 'Total',
    none: 'no acquirer',
    columns: {
      acquirer: 'Acquirer',
      expected: 'Expected',
      received: 'Received',
      late: 'Late',
      paidShort: 'Paid short',
      takenBack: 'Taken back',
      feesAboveContract: 'Fees above the contract',
      depositsMissing: 'Deposits missing',
    },
  },
};

export const bookTextsFor = textsByLanguage<BookTexts>({ 'pt-BR': PORTUGUESE, en: ENGLISH });
