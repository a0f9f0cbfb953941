/**
 * How each bank writes its statements, as the simulator imagines it (not any bank's real layout): the
 * OFX flavour, the memo of an acquirer's credit or debit, of a PIX and of its own tariffs, and the
 * shape of its FITIDs. One bank per account, so one style per account.
 */
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { BankCode } from './accounts';

export interface BankStyle {
  readonly name: string;
  /** SGML 1.02 in windows-1252, or XML 2.1.1 in UTF-8. */
  readonly format: 'sgml' | 'xml';
  readonly credit: (acquirer: string) => string;
  readonly debit: (acquirer: string) => string;
  readonly pix: (payer: string) => string;
  readonly tariff: string;
  /** The FITID of the `seq`th line (from 0) of an account's day. */
  readonly fitid: (date: IsoDate, seq: number) => string;
  /** How DTPOSTED is written. */
  readonly posted: (date: IsoDate) => string;
  /**
   * How TRNAMT is written with quirks (ledger.ts), in one of the forms Brazilian banks use; without
   * them every bank writes `1234.56`.
   */
  readonly quirkAmount: (cents: number) => string;
}

const ymd = (date: IsoDate) => date.replaceAll('-', '');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Reais and centavos of an amount, unsigned. */
const parts = (cents: number) => {
  const abs = Math.abs(cents);
  return { reais: Math.trunc(abs / 100), centavos: pad(abs % 100, 2) };
};
/** `-2,48`, `4296,51`: a comma, no thousands separator. */
const commaDecimal = (cents: number) => {
  const { reais, centavos } = parts(cents);
  return `${cents < 0 ? '-' : ''}${reais},${centavos}`;
};
/** `4.296,51`, `6000.000,00`: one dot before the last three digits of the reais only (Santander's form). */
const oneThousandsDot = (cents: number) => {
  const { reais, centavos } = parts(cents);
  const whole = reais >= 1000 ? `${Math.trunc(reais / 1000)}.${pad(reais % 1000, 3)}` : String(reais);
  return `${cents < 0 ? '-' : ''}${whole},${centavos}`;
};
/** `+4296.51`, `- 2.48`: an explicit sign, a space after the minus. */
const signed = (cents: number) => {
  const { reais, centavos } = parts(cents);
  return `${cents < 0 ? '- ' : '+'}${reais}.${centavos}`;
};

const ITAU_CREDITS: Record<string, string> = {
  CIELO: 'CRED CIELO S.A.',
  REDE: 'REDECARD SA',
  STONE: 'TED RECEBIDA STONE PAGAMENTOS',
  GETNET: 'CRED GETNET S.A.',
};
const BRADESCO_CREDITS: Record<string, string> = {
  CIELO: 'CIELO S.A. CRED VENDAS',
  REDE: 'REDE CRED VENDAS',
  STONE: 'TED RECEBIDA STONE PAGAMENTOS S.A.',
  GETNET: 'GETNET CRED VENDAS',
};

export const BANK_STYLES: Readonly<Record<BankCode, BankStyle>> = {
  '341': {
    name: 'ITAU',
    format: 'sgml',
    credit: (acquirer) => ITAU_CREDITS[acquirer] ?? `CRED ${acquirer}`,
    debit: (acquirer) => `DEB ${ITAU_CREDITS[acquirer]?.replace(/^CRED /, '') ?? acquirer}`,
    pix: (payer) => `PIX RECEBIDO ${payer}`,
    tariff: 'TAR PACOTE SERVIÇOS',
    fitid: (date, seq) => `${ymd(date)}${pad(seq + 1, 3)}`,
    posted: (date) => `${ymd(date)}100000[-03:EST]`,
    quirkAmount: commaDecimal,
  },
  '237': {
    name: 'BRADESCO',
    format: 'xml',
    credit: (acquirer) => BRADESCO_CREDITS[acquirer] ?? `${acquirer} CRED VENDAS`,
    debit: (acquirer) => `${acquirer} DEB VENDAS`,
    pix: (payer) => `PIX RECEBIDO - ${payer}`,
    tariff: 'TARIFA BANCÁRIA CESTA PJ',
    fitid: (date, seq) => `${ymd(date).slice(2)}0${pad(seq + 1, 4)}`,
    posted: (date) => `${ymd(date)}000000`,
    quirkAmount: signed,
  },
  '001': {
    name: 'BANCO DO BRASIL',
    format: 'sgml',
    credit: (acquirer) => (acquirer === 'STONE' ? 'TED Crédito STONE PAGAMENTOS' : `Crédito ${acquirer}`),
    debit: (acquirer) => `Débito ${acquirer}`,
    pix: (payer) => `Pix - Recebido ${payer}`,
    tariff: 'Tarifa Pacote de Serviços',
    fitid: (date, seq) => `${ymd(date)}1${pad(seq + 1, 5)}`,
    posted: (date) => ymd(date),
    quirkAmount: oneThousandsDot,
  },
};

/** Payers of PIX credits nobody expects: none names an acquirer (see deposits acquirerPatterns). */
export const PIX_PAYERS = [
  'MARIA APARECIDA SOUZA',
  'JOSÉ CARLOS PEREIRA',
  'ANA PAULA FERREIRA',
  'COMERCIAL BOA VISTA LTDA',
  'JOÃO BATISTA LIMA',
];

/** Other lines of a merchant's account, never a deposit: debits only. */
export const OTHER_DEBITS = [
  'PAGTO BOLETO ENERGIA',
  'TED ENVIADA FORNECEDOR',
  'PIX ENVIADO ALUGUEL LOJA',
  'SISPAG FOLHA PAGAMENTO',
];
