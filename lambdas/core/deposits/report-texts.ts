/**
 * The words of the bank leg's report section and message line (report-section.ts, message.ts), both
 * languages in one place like the fee audit's: typed by the status list, so a new status without
 * words fails the type check.
 */

import { pluralIn } from '../report-kit/plural';
import { textsByLanguage } from '../report-kit/texts';
import type { DepositStatus } from './types';

export interface DepositsTexts {
  readonly heading: string;
  readonly off: string;
  readonly note: (from: string, to: string) => string;
  readonly empty: string;
  readonly nothingToAct: string;
  readonly statuses: Readonly<Record<DepositStatus, string>>;
  /** What each action list is about, under its heading. */
  readonly explain: Readonly<
    Record<'NOT_DEPOSITED' | 'DEPOSIT_REVERSED' | 'DEPOSIT_DIFFERS' | 'UNEXPLAINED_CREDIT', string>
  >;
  readonly unknownAcquirer: string;
  readonly byDay: string;
  /** Under the per-day table: the days that agree, left out of it. */
  readonly agreeingDays: (n: number, count: string) => string;
  readonly noDifference: string;
  readonly columns: {
    readonly date: string;
    readonly acquirer: string;
    readonly account: string;
    readonly paymentDate: string;
    readonly expected: string;
    readonly received: string;
    readonly creditDate: string;
    readonly difference: string;
    readonly windowEnds: string;
    readonly memo: string;
    readonly count: string;
    readonly reversalDate: string;
    readonly reversal: string;
  };
  /** What needs action: "2 não chegaram (R$ 4.510,04: CIELO R$ 4.500,01, REDE R$ 10,03)". */
  readonly message: {
    readonly label: string;
    readonly missing: (n: number, count: string, amount: string) => string;
    readonly differing: (n: number, count: string, amount: string) => string;
    readonly unexplained: (n: number, count: string, amount: string) => string;
  };
}

const pt = pluralIn('pt-BR');

const PORTUGUESE: DepositsTexts = {
  heading: 'Depósitos',
  off: 'Conferência bancária desligada: nenhum extrato bancário foi importado (recon bank import).',
  note: (from, to) =>
    `O que os pagamentos das adquirentes de ${from} a ${to} diziam que chegaria à conta, contra os créditos do extrato bancário.`,
  empty: 'Nenhum depósito previsto nem crédito recebido no período.',
  nothingToAct: 'Todos os depósitos conferem: nada precisa de ação.',
  statuses: {
    DEPOSITED: 'Depositado',
    DEPOSIT_DIFFERS: 'Depósito com diferença',
    NOT_DEPOSITED: 'Depósito não chegou',
    AWAITING_DEPOSIT: 'Aguardando depósito',
    UNEXPLAINED_CREDIT: 'Crédito sem origem identificada',
    NO_DEPOSIT_DUE: 'Nada a depositar (descontos maiores que os pagamentos)',
    DEPOSIT_REVERSED: 'Depósito estornado pelo banco',
    CREDIT_REVERSED: 'Crédito sem origem estornado pelo banco',
  },
  explain: {
    NOT_DEPOSITED:
      'O prazo passou e nenhum crédito chegou na conta: cobrar a adquirente ou conferir a conta cadastrada.',
    DEPOSIT_REVERSED:
      'O crédito da adquirente chegou e o banco o estornou: o dinheiro não ficou na conta. Conferir com o banco e a adquirente.',
    DEPOSIT_DIFFERS: 'Chegou um crédito da adquirente, mas com valor diferente do previsto.',
    UNEXPLAINED_CREDIT: 'Crédito no extrato que nenhum pagamento previsto explica.',
  },
  unknownAcquirer: 'Adquirente não identificada',
  byDay: 'Previsto x recebido por dia e adquirente',
  agreeingDays: (n, count) =>
    `${pt(n, 'Omitido: 1 dia de adquirente', `Omitidos: ${count} dias de adquirentes`)} sem diferença.`,
  noDifference: 'Nenhum dia com diferença.',
  columns: {
    date: 'Dia',
    acquirer: 'Adquirente',
    account: 'Conta',
    paymentDate: 'Data de pagamento',
    expected: 'Previsto',
    received: 'Recebido',
    creditDate: 'Data do crédito',
    difference: 'Diferença',
    windowEnds: 'Prazo até',
    memo: 'Histórico',
    count: 'Quantidade',
    reversalDate: 'Data do estorno',
    reversal: 'Estorno',
  },
  message: {
    label: 'Depósitos',
    missing: (n, count, amount) => `${count} ${pt(n, 'não chegou', 'não chegaram')} (${amount})`,
    differing: (_n, count, amount) => `${count} com diferença (${amount})`,
    unexplained: (n, count, amount) =>
      `${count} ${pt(n, 'crédito', 'créditos')} no extrato que nenhum pagamento explica (${amount}): identificar a origem`,
  },
};

const en = pluralIn('en');

const ENGLISH: DepositsTexts = {
  heading: 'Deposits',
  off: 'Bank check off: no bank statement was ever imported (recon bank import).',
  note: (from, to) =>
    `What the acquirers' payments of ${from} to ${to} said would reach the account, against the credits of the bank statement.`,
  empty: 'No deposit expected and no credit received in the period.',
  nothingToAct: 'Every deposit agrees: nothing needs action.',
  statuses: {
    DEPOSITED: 'Deposited',
    DEPOSIT_DIFFERS: 'Deposit differs',
    NOT_DEPOSITED: 'Deposit did not arrive',
    AWAITING_DEPOSIT: 'Awaiting deposit',
    UNEXPLAINED_CREDIT: 'Credit of unknown origin',
    NO_DEPOSIT_DUE: 'Nothing to deposit (deductions reach the payments)',
    DEPOSIT_REVERSED: 'Deposit reversed by the bank',
    CREDIT_REVERSED: 'Credit of unknown origin reversed by the bank',
  },
  explain: {
    NOT_DEPOSITED:
      'The window has passed and no credit reached the account: claim it from the acquirer or check the account on file.',
    DEPOSIT_REVERSED:
      "The acquirer's credit arrived and the bank reversed it: the money did not stay in the account. Check with the bank and the acquirer.",
    DEPOSIT_DIFFERS: 'A credit from the acquirer arrived, but its amount is not the expected one.',
    UNEXPLAINED_CREDIT: 'A credit on the statement that no expected payment explains.',
  },
  unknownAcquirer: 'Unknown acquirer',
  byDay: 'Expected vs received per day and acquirer',
  agreeingDays: (n, count) =>
    `Left out: ${en(n, '1 acquirer day', `${count} acquirer days`)} without a difference.`,
  noDifference: 'No day with a difference.',
  columns: {
    date: 'Day',
    acquirer: 'Acquirer',
    account: 'Account',
    paymentDate: 'Payment date',
    expected: 'Expected',
    received: 'Received',
    creditDate: 'Credit date',
    difference: 'Difference',
    windowEnds: 'Due by',
    memo: 'Memo',
    count: 'Count',
    reversalDate: 'Reversal date',
    reversal: 'Reversal',
  },
  message: {
    label: 'Deposits',
    missing: (_n, count, amount) => `${count} did not arrive (${amount})`,
    differing: (n, count, amount) => `${count} ${en(n, 'differs', 'differ')} (${amount})`,
    unexplained: (n, count, amount) =>
      `${count} ${en(n, 'credit', 'credits')} on the statement no payment explains (${amount}): find the origin`,
  },
};

export const depositsTextsFor = textsByLanguage<DepositsTexts>({ 'pt-BR': PORTUGUESE, en: ENGLISH });
