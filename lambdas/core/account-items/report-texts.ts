/**
 * The words of the report's "Tarifas e débitos do período" section (report-section.ts), both
 * languages in one place like the other sections' texts.
 */

import { textsByLanguage } from '../report-kit/texts';

export interface AccountFeesTexts {
  readonly heading: string;
  readonly note: string;
  /** What a table with no row shows. */
  readonly none: string;
  readonly largest: string;
  /** Who an entry belongs to: "EC 1234" beside its acquirer. */
  readonly merchant: string;
  /** A role's word; an unknown one prints its code. */
  readonly roles: Readonly<Record<string, string>>;
  readonly columns: {
    readonly acquirer: string;
    readonly fees: string;
    readonly adjustments: string;
    readonly records: string;
    readonly item: string;
    readonly kind: string;
    readonly date: string;
    readonly amount: string;
    readonly merchant: string;
    readonly description: string;
  };
}

const PORTUGUESE: AccountFeesTexts = {
  heading: 'Tarifas e débitos do período',
  note: 'Lançamentos que não pertencem a uma venda (aluguel de POS, tarifas, ajustes sem venda), pela data de pagamento.',
  none: 'nenhum',
  largest: 'Maiores lançamentos',
  merchant: 'EC',
  roles: { FEE: 'tarifa', ADJUSTMENT: 'ajuste' },
  columns: {
    acquirer: 'Adquirente',
    fees: 'Tarifas',
    adjustments: 'Ajustes',
    records: 'Registros',
    item: 'Lançamento',
    kind: 'Tipo',
    date: 'Data',
    amount: 'Valor',
    merchant: 'Estabelecimento (EC)',
    description: 'Descrição',
  },
};

const ENGLISH: AccountFeesTexts = {
  heading: 'Fees and debits of the period',
  note: 'Entries that belong to no sale (POS rent, service fees, adjustments without a sale), by payment date.',
  none: 'none',
  largest: 'Largest entries',
  merchant: 'merchant',
  roles: { FEE: 'fee', ADJUSTMENT: 'adjustment' },
  columns: {
    acquirer: 'Acquirer',
    fees: 'Fees',
    adjustments: 'Adjustments',
    records: 'Records',
    item: 'Entry',
    kind: 'Kind',
    date: 'Date',
    amount: 'Amount',
    merchant: 'Merchant',
    description: 'Description',
  },
};

export const accountFeesTextsFor = textsByLanguage<AccountFeesTexts>({ 'pt-BR': PORTUGUESE, en: ENGLISH });
