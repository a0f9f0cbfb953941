/**
 * The inbox's own words, in the stage's language like the report's (Brazilian Portuguese unless
 * `reportLanguage` says English), both languages in one place: English is typed as the Portuguese
 * is, so a word missing from either fails to compile. The names of kinds, statuses and actions are
 * the breaks' own (breaks/report-texts.ts), as the report and CLI say them.
 */
import type { RefusalCode } from '../breaks/decision';
import type { BreakKind } from '../breaks/kinds';
import { formatQuantity } from '../report-kit/plural';
import { textsByLanguage } from '../report-kit/texts';

const PT_BR = {
  /** What each kind of break is, in a sentence a person new to the team understands. */
  explain: {
    LATE: 'A adquirente não pagou esta parcela: o vencimento e a carência já passaram.',
    PAID_SHORT: 'A adquirente pagou esta parcela, mas menos do que o previsto.',
    PAID_OVER: 'A adquirente pagou esta parcela, mas mais do que o previsto.',
    UNEXPECTED: 'Chegou um pagamento sem nenhuma venda prevista que o explique.',
    CHARGEBACK:
      'A venda foi paga e depois estornada (chargeback): pode ser contestada no prazo da adquirente.',
    UNLINKED: 'Um cancelamento (ou estorno revertido) cuja venda ainda não chegou.',
    DEPOSIT_MISSING: 'A adquirente diz que pagou, mas o depósito não aparece no extrato do banco.',
    DEPOSIT_DIFFERS: 'O depósito no banco é diferente do que a adquirente pagou.',
    UNEXPLAINED_CREDIT: 'Entrou no banco um crédito que nenhum pagamento da adquirente explica.',
    FEE_ABOVE_CONTRACT: 'A taxa cobrada está acima da contratada.',
  } satisfies Record<BreakKind, string>,
  title: 'Pendências',
  operator: 'operador',
  viewer: 'somente leitura',
  signOut: 'Sair',
  signedOut: 'Você saiu. Para entrar de novo, use um link novo de `recon inbox`.',
  refused:
    'Acesso recusado: abra o link impresso por `recon inbox` (ele vale uma vez). Se já foi usado ou expirou, reinicie o comando para ter outro.',
  signInAgain: 'Sessão expirada ou entrada recusada: recarregue a página para entrar de novo.',
  notFound: 'Página não encontrada.',
  noBreak: 'Pendência não encontrada.',
  forbidden: 'Somente leitura: seu acesso não permite decidir (peça para ser incluído entre os operadores).',
  badForm: 'Formulário expirado ou de outra sessão: recarregue a página e tente de novo.',
  filter: 'Filtrar',
  clear: 'Limpar',
  csv: 'Baixar CSV',
  any: 'todos',
  morning: 'lista da manhã',
  allStatuses: 'todas',
  minAge: 'Dias desde (mín.)',
  maxAge: 'Dias desde (máx.)',
  minAmount: 'Valor mín. (R$)',
  maxAmount: 'Valor máx. (R$)',
  invalid: (fields: readonly string[]) => `Filtro ignorado, valor inválido: ${fields.join(', ')}.`,
  shown: (shown: number, total: number) =>
    `Mostrando as ${shown} de maior valor; filtre ou baixe o CSV para ver as ${total}.`,
  newMark: 'nova desde ontem',
  reopenedMark: 'reaberta',
  days: (n: number) => formatQuantity(n, 'dia', 'dias', 'pt-BR'),
  bulkAccept: 'Aceitar as selecionadas',
  bulkAssign: 'Atribuir as selecionadas',
  assigneeRequired: 'Para atribuir, diga a quem (Responsável). Nada foi gravado.',
  /** The outcome of a bulk action; `done` is the word its count travels under in the address. */
  bulkDone: (done: 'aceitas' | 'atribuidas', n: number, changed: number, refused: number) =>
    [
      done === 'aceitas'
        ? formatQuantity(n, 'pendência aceita', 'pendências aceitas', 'pt-BR')
        : formatQuantity(n, 'pendência atribuída', 'pendências atribuídas', 'pt-BR'),
      changed > 0 ? `${formatQuantity(changed, 'mudou', 'mudaram', 'pt-BR')} antes (nada gravado nelas)` : '',
      refused > 0 ? `${formatQuantity(refused, 'recusada', 'recusadas', 'pt-BR')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  back: '← Pendências',
  version: 'Versão',
  expected: 'Previsto',
  received: 'Recebido',
  inBank: 'No banco',
  decision: 'Decisão',
  actions: 'Ações',
  history: 'Histórico',
  noHistory: 'Nenhuma decisão ainda.',
  note: 'Observação',
  ticket: 'Chamado',
  assignee: 'Responsável',
  reason: 'Motivo',
  protocol: 'Protocolo',
  treat: 'Registrar tratativa',
  dispute: 'Contestar',
  accept: 'Aceitar a diferença',
  undo: 'Desfazer a última decisão',
  match: 'Conciliar à mão',
  matchForecast: {
    to: 'Previsão que este pagamento quita (chave da venda)',
    hint: 'Escolha uma das previsões atrasadas da mesma adquirente e estabelecimento, ou digite a chave de uma em aberto.',
    none: 'Nenhuma previsão atrasada da mesma adquirente e estabelecimento: digite a chave de uma em aberto.',
  },
  matchDeposit: {
    to: 'Depósito esperado que este crédito é',
    hint: 'Escolha um dos depósitos não recebidos ou divergentes da mesma conta e adquirente.',
    none: 'Nenhum depósito não recebido ou divergente da mesma conta e adquirente.',
  },
  done: 'Decisão gravada.',
  changed:
    'A pendência mudou desde que você a abriu: outra decisão foi gravada antes. Nada foi gravado; confira como ela está agora e envie de novo (seu texto foi mantido).',
  decisionRefused: (why: string) => `Decisão recusada: ${why}. Nada foi gravado.`,
  refusals: {
    'nothing-to-undo': 'não há decisão a desfazer nesta pendência',
    resolved: 'a pendência está resolvida, os dados já não a mostram',
    'note-required': 'escreva uma observação',
    'not-a-chargeback': 'só um chargeback pode ser contestado',
    'unknown-reason': 'o motivo não está entre os configurados (breaks.acceptReasons)',
    'not-unexpected': 'só um pagamento sem previsão ou um crédito sem explicação pode ser conciliado à mão',
    'match-target':
      'o destino escolhido não pode recebê-lo (uma previsão em aberto ou atrasada da mesma adquirente e estabelecimento; um depósito não recebido ou divergente da mesma conta e adquirente, ainda não conciliado)',
  } satisfies Record<RefusalCode, string>,
  account: 'Conta',
  deposit: 'Depósito',
  sale: 'Venda',
  installment: 'parcela',
  nsu: 'NSU',
  csvFile: 'pendencias',
};

export type InboxTexts = typeof PT_BR;

const EN: InboxTexts = {
  explain: {
    LATE: 'The acquirer has not paid this installment: its due date and the grace period have passed.',
    PAID_SHORT: 'The acquirer paid this installment, but less than forecast.',
    PAID_OVER: 'The acquirer paid this installment, but more than forecast.',
    UNEXPECTED: 'A payment arrived that no forecast sale explains.',
    CHARGEBACK: "The sale was paid and then charged back: it can be disputed within the acquirer's deadline.",
    UNLINKED: 'A cancellation (or reversed chargeback) whose sale has not arrived yet.',
    DEPOSIT_MISSING: "The acquirer says it paid, but the deposit is not on the bank's statement.",
    DEPOSIT_DIFFERS: 'The deposit in the bank differs from what the acquirer paid.',
    UNEXPLAINED_CREDIT: "A credit arrived in the bank that no acquirer's payment explains.",
    FEE_ABOVE_CONTRACT: 'The fee charged is above the contracted one.',
  },
  title: 'Breaks',
  operator: 'operator',
  viewer: 'read only',
  signOut: 'Sign out',
  signedOut: 'You signed out. To sign in again, use a new link from `recon inbox`.',
  refused:
    'Access refused: open the link `recon inbox` printed (it works once). If it was used or has expired, restart the command for another.',
  signInAgain: 'Session expired or sign-in refused: reload the page to sign in again.',
  notFound: 'Page not found.',
  noBreak: 'Break not found.',
  forbidden: 'Read only: your access does not allow decisions (ask to be made an operator).',
  badForm: 'The form expired or is from another session: reload the page and try again.',
  filter: 'Apply',
  clear: 'Clear',
  csv: 'Download CSV',
  any: 'any',
  morning: "morning's list",
  allStatuses: 'all',
  minAge: 'Days since (min.)',
  maxAge: 'Days since (max.)',
  minAmount: 'Min. amount (R$)',
  maxAmount: 'Max. amount (R$)',
  invalid: (fields) => `Filter ignored, invalid value: ${fields.join(', ')}.`,
  shown: (shown, total) => `Showing the ${shown} largest; filter or download the CSV to see all ${total}.`,
  newMark: 'new since yesterday',
  reopenedMark: 'reopened',
  days: (n) => formatQuantity(n, 'day', 'days', 'en'),
  bulkAccept: 'Accept the selected',
  bulkAssign: 'Assign the selected',
  assigneeRequired: 'To assign, say to whom (Assignee). Nothing was written.',
  bulkDone: (done, n, changed, refused) =>
    [
      done === 'aceitas'
        ? formatQuantity(n, 'break accepted', 'breaks accepted', 'en')
        : formatQuantity(n, 'break assigned', 'breaks assigned', 'en'),
      changed > 0
        ? `${formatQuantity(changed, 'had', 'had', 'en')} changed before (nothing written to them)`
        : '',
      refused > 0 ? `${formatQuantity(refused, 'refused', 'refused', 'en')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  back: '← Breaks',
  version: 'Version',
  expected: 'Expected',
  received: 'Received',
  inBank: 'In the bank',
  decision: 'Decision',
  actions: 'Actions',
  history: 'History',
  noHistory: 'No decision yet.',
  note: 'Note',
  ticket: 'Ticket',
  assignee: 'Assignee',
  reason: 'Reason',
  protocol: 'Dispute reference',
  treat: 'Record handling',
  dispute: 'Dispute',
  accept: 'Accept the difference',
  undo: 'Undo the last decision',
  match: 'Match by hand',
  matchForecast: {
    to: "Forecast this payment settles (the sale's key)",
    hint: 'Choose one of the late forecasts of the same acquirer and merchant, or type the key of an open one.',
    none: 'No late forecast of the same acquirer and merchant: type the key of an open one.',
  },
  matchDeposit: {
    to: 'Expected deposit this credit is',
    hint: 'Choose one of the missing or differing deposits of the same account and acquirer.',
    none: 'No missing or differing deposit of the same account and acquirer.',
  },
  done: 'Decision recorded.',
  changed:
    'The break changed since you opened it: another decision was recorded first. Nothing was written; check how it stands now and send again (your text was kept).',
  decisionRefused: (why) => `Decision refused: ${why}. Nothing was written.`,
  refusals: {
    'nothing-to-undo': 'there is no decision to undo on this break',
    resolved: 'the break is resolved, the data no longer show it',
    'note-required': 'write a note',
    'not-a-chargeback': 'only a chargeback can be disputed',
    'unknown-reason': 'the reason is not one of those configured (breaks.acceptReasons)',
    'not-unexpected': 'only a payment without a forecast or an unexplained credit can be matched by hand',
    'match-target':
      'the chosen target cannot take it (an open or late forecast of the same acquirer and merchant; a missing or differing deposit of the same account and acquirer, not yet matched)',
  },
  account: 'Account',
  deposit: 'Deposit',
  sale: 'Sale',
  installment: 'installment',
  nsu: 'NSU',
  csvFile: 'breaks',
};

export const inboxTextsFor = textsByLanguage<InboxTexts>({ 'pt-BR': PT_BR, en: EN });
