/**
 * The words of a break's records on its page (records-section.ts), both languages in one place like
 * the report's sections' texts: the role of each record and the columns beside it.
 */
import type { ReceivableRole } from '../breaks/records';
import { textsByLanguage } from '../report-kit/texts';

export interface RecordsTexts {
  readonly heading: string;
  readonly none: string;
  readonly roles: Readonly<Record<ReceivableRole, string>>;
  readonly columns: {
    readonly record: string;
    readonly paymentDate: string;
    readonly movementDate: string;
    readonly amount: string;
    readonly detail: string;
  };
  readonly dueDate: string;
  /** "2 cópias no mesmo relatório": the receivable counts the record that many times. */
  readonly copies: (n: number) => string;
  readonly gross: string;
  readonly fee: string;
  readonly deposit: {
    readonly expected: string;
    readonly windowEnds: string;
    readonly credit: string;
    readonly memo: string;
    readonly reversal: string;
    readonly noCredit: string;
  };
  readonly feeLine: {
    readonly sale: string;
    readonly advance: string;
    readonly contract: string;
    readonly charged: string;
    readonly overcharged: string;
  };
}

export const recordsTextsFor = textsByLanguage<RecordsTexts>({
  'pt-BR': {
    heading: 'Registros',
    none: 'Os registros desta pendência já não estão nos dados lidos.',
    roles: {
      FORECAST: 'Previsão',
      PAYMENT: 'Pagamento',
      CANCELLATION: 'Cancelamento',
      CHARGEBACK: 'Chargeback',
      CHARGEBACK_REVERSAL: 'Reversão de chargeback',
      ADVANCE: 'Antecipação',
      ADJUSTMENT: 'Ajuste vinculado',
    },
    columns: {
      record: 'Registro',
      paymentDate: 'Pagamento em',
      movementDate: 'Movimento em',
      amount: 'Valor líquido',
      detail: 'Detalhe',
    },
    dueDate: 'Vencimento',
    copies: (n) => `${n} cópias no mesmo relatório`,
    gross: 'bruto',
    fee: 'taxa',
    deposit: {
      expected: 'Depósito previsto',
      windowEnds: 'Prazo para o crédito',
      credit: 'Crédito no banco',
      memo: 'Histórico',
      reversal: 'Estorno no banco',
      noCredit: 'nenhum crédito',
    },
    feeLine: {
      sale: 'Taxa da venda (MDR)',
      advance: 'Taxas de antecipação',
      contract: 'Contratada',
      charged: 'Cobrada',
      overcharged: 'Cobrado a mais',
    },
  },
  en: {
    heading: 'Records',
    none: 'The records of this break are no longer in the data read.',
    roles: {
      FORECAST: 'Forecast',
      PAYMENT: 'Payment',
      CANCELLATION: 'Cancellation',
      CHARGEBACK: 'Chargeback',
      CHARGEBACK_REVERSAL: 'Chargeback reversal',
      ADVANCE: 'Advance',
      ADJUSTMENT: 'Linked adjustment',
    },
    columns: {
      record: 'Record',
      paymentDate: 'Paid on',
      movementDate: 'Movement on',
      amount: 'Net amount',
      detail: 'Detail',
    },
    dueDate: 'Due',
    copies: (n) => `${n} copies in one report`,
    gross: 'gross',
    fee: 'fee',
    deposit: {
      expected: 'Expected deposit',
      windowEnds: 'Credit due by',
      credit: 'Bank credit',
      memo: 'Memo',
      reversal: 'Bank reversal',
      noCredit: 'no credit',
    },
    feeLine: {
      sale: 'Sale fee (MDR)',
      advance: 'Advance fees',
      contract: 'Contracted',
      charged: 'Charged',
      overcharged: 'Overcharged',
    },
  },
});
