/**
 * The words of breaks wherever finance reads them (the report's "Pendências", the morning message,
 * `recon breaks`), both languages in one place like the other sections' texts.
 */

import { formatDate } from '../report-kit/dates';
import { formatQuantity } from '../report-kit/plural';
import { textsByLanguage } from '../report-kit/texts';
import type { ReportLanguage } from '../report-language';
import type { Decision, DecisionAction } from './decision';
import type { BreakKind, BreakStatus } from './kinds';

export interface BreaksTexts {
  readonly heading: string;
  readonly note: string;
  /** No break at all. */
  readonly none: string;
  readonly kinds: Readonly<Record<BreakKind, string>>;
  readonly statuses: Readonly<Record<BreakStatus, string>>;
  readonly breaks: (n: number) => string;
  /** "3 diferenças aceitas, R$ 0,07". */
  readonly accepted: (n: number, amount: string) => string;
  /** "contestação até 30/04/2025". */
  readonly deadline: (date: string) => string;
  /** A manual match: the key of the receivable the payment now counts in. */
  readonly matchedTo: (key: string) => string;
  /** The payments matched by hand to a forecast, by their breaks' references. */
  readonly matchedFrom: (refs: string) => string;
  /** The credits matched by hand to an expected deposit, by their breaks' references. */
  readonly matchedCredits: (refs: string) => string;
  /** The decisions as the history names them. */
  readonly actions: Readonly<Record<DecisionAction, string>>;
  readonly history: {
    readonly when: string;
    readonly who: string;
    readonly action: string;
    readonly change: string;
    readonly detail: string;
  };
  readonly columns: {
    readonly break: string;
    readonly kind: string;
    readonly status: string;
    readonly acquirer: string;
    readonly merchant: string;
    readonly sale: string;
    readonly atStake: string;
    readonly since: string;
    readonly deadline: string;
    readonly age: string;
    readonly count: string;
    readonly decision: string;
  };
}

const PORTUGUESE: BreaksTexts = {
  heading: 'Pendências',
  note: 'Decisões da equipe: recon breaks.',
  none: 'Nenhuma pendência.',
  kinds: {
    LATE: 'Atrasado',
    PAID_SHORT: 'Pago a menor',
    PAID_OVER: 'Pago a maior',
    UNEXPECTED: 'Pago sem previsão',
    CHARGEBACK: 'Chargeback',
    UNLINKED: 'Sem venda correspondente',
    DEPOSIT_MISSING: 'Depósito não recebido',
    DEPOSIT_DIFFERS: 'Depósito divergente',
    UNEXPLAINED_CREDIT: 'Crédito sem explicação',
    FEE_ABOVE_CONTRACT: 'Taxa acima do contrato',
  },
  statuses: {
    NEW: 'Nova',
    PERSISTING: 'Persistente',
    IN_TREATMENT: 'Em tratativa',
    DISPUTED: 'Contestada',
    ACCEPTED: 'Aceita',
    RESOLVED: 'Resolvida',
    REOPENED: 'Reaberta',
    MATCHED: 'Conciliada à mão',
  },
  breaks: (n) => formatQuantity(n, 'pendência', 'pendências', 'pt-BR'),
  accepted: (n, amount) =>
    `${formatQuantity(n, 'diferença aceita', 'diferenças aceitas', 'pt-BR')}, ${amount}`,
  deadline: (date) => `contestação até ${date}`,
  matchedTo: (key) => `conciliada com ${key}`,
  matchedFrom: (refs) => `Pagamentos conciliados à mão com esta previsão: ${refs}`,
  matchedCredits: (refs) => `Créditos conciliados à mão com este depósito: ${refs}`,
  actions: {
    treat: 'tratativa',
    dispute: 'contestação',
    accept: 'aceite',
    match: 'conciliação manual',
    undo: 'desfeito',
  },
  history: { when: 'Quando', who: 'Quem', action: 'Ação', change: 'Mudança', detail: 'Detalhe' },
  columns: {
    break: 'Pendência',
    kind: 'Tipo',
    status: 'Status',
    acquirer: 'Adquirente',
    merchant: 'Estabelecimento',
    sale: 'Venda',
    atStake: 'Em jogo',
    since: 'Desde',
    deadline: 'Prazo',
    age: 'Dias',
    count: 'Quantidade',
    decision: 'Decisão',
  },
};

const ENGLISH: BreaksTexts = {
  heading: 'Breaks',
  note: "The team's decisions: recon breaks.",
  none: 'No breaks.',
  kinds: {
    LATE: 'Late',
    PAID_SHORT: 'Paid short',
    PAID_OVER: 'Paid over',
    UNEXPECTED: 'Paid without forecast',
    CHARGEBACK: 'Chargeback',
    UNLINKED: 'No matching sale',
    DEPOSIT_MISSING: 'Deposit missing',
    DEPOSIT_DIFFERS: 'Deposit differs',
    UNEXPLAINED_CREDIT: 'Unexplained credit',
    FEE_ABOVE_CONTRACT: 'Fee above contract',
  },
  statuses: {
    NEW: 'New',
    PERSISTING: 'Persisting',
    IN_TREATMENT: 'In treatment',
    DISPUTED: 'Disputed',
    ACCEPTED: 'Accepted',
    RESOLVED: 'Resolved',
    REOPENED: 'Reopened',
    MATCHED: 'Matched by hand',
  },
  breaks: (n) => formatQuantity(n, 'break', 'breaks', 'en'),
  accepted: (n, amount) =>
    `${formatQuantity(n, 'accepted difference', 'accepted differences', 'en')}, ${amount}`,
  deadline: (date) => `contest by ${date}`,
  matchedTo: (key) => `matched to ${key}`,
  matchedFrom: (refs) => `Payments matched by hand to this forecast: ${refs}`,
  matchedCredits: (refs) => `Credits matched by hand to this deposit: ${refs}`,
  actions: {
    treat: 'treatment',
    dispute: 'dispute',
    accept: 'acceptance',
    match: 'manual match',
    undo: 'undone',
  },
  history: { when: 'When', who: 'Who', action: 'Action', change: 'Change', detail: 'Detail' },
  columns: {
    break: 'Break',
    kind: 'Kind',
    status: 'Status',
    acquirer: 'Acquirer',
    merchant: 'Merchant',
    sale: 'Sale',
    atStake: 'At stake',
    since: 'Since',
    deadline: 'Deadline',
    age: 'Days',
    count: 'Count',
    decision: 'Decision',
  },
};

export const breaksTextsFor = textsByLanguage<BreaksTexts>({ 'pt-BR': PORTUGUESE, en: ENGLISH });

/** What a decision says in one line: its reason, deadline, ticket, assignee and note. */
export function decisionText(d: Decision | null, language: ReportLanguage): string {
  if (!d) return '';
  const t = breaksTextsFor(language);
  return [
    d.matchedTo && t.matchedTo(d.matchedTo),
    d.reason,
    d.deadline && t.deadline(formatDate(d.deadline, language)),
    d.ticket,
    d.assignee,
    d.note,
  ]
    .filter(Boolean)
    .join(' · ');
}
