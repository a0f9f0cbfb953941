/**
 * The inbox's own words, in Brazilian Portuguese (a finance team's language); the names of kinds,
 * statuses and actions are the breaks' own (breaks/report-texts.ts), as the report and CLI say them.
 */
import type { RefusalCode } from '../breaks/decision';
import type { BreakKind } from '../breaks/kinds';
import { formatQuantity } from '../report-kit/plural';

/** What each kind of break is, in a sentence a person new to the team understands. */
export const EXPLAIN: Readonly<Record<BreakKind, string>> = {
  LATE: 'A adquirente não pagou esta parcela: o vencimento e a carência já passaram.',
  PAID_SHORT: 'A adquirente pagou esta parcela, mas menos do que o previsto.',
  PAID_OVER: 'A adquirente pagou esta parcela, mas mais do que o previsto.',
  UNEXPECTED: 'Chegou um pagamento sem nenhuma venda prevista que o explique.',
  CHARGEBACK: 'A venda foi paga e depois estornada (chargeback): pode ser contestada no prazo da adquirente.',
  UNLINKED: 'Um cancelamento (ou estorno revertido) cuja venda ainda não chegou.',
  DEPOSIT_MISSING: 'A adquirente diz que pagou, mas o depósito não aparece no extrato do banco.',
  DEPOSIT_DIFFERS: 'O depósito no banco é diferente do que a adquirente pagou.',
  UNEXPLAINED_CREDIT: 'Entrou no banco um crédito que nenhum pagamento da adquirente explica.',
  FEE_ABOVE_CONTRACT: 'A taxa cobrada está acima da contratada.',
};

export const T = {
  title: 'Pendências',
  operator: 'operador',
  viewer: 'somente leitura',
  signOut: 'Sair',
  signedOut: 'Você saiu. Para entrar de novo, use um link novo de `recon inbox`.',
  refused:
    'Acesso recusado: abra o link impresso por `recon inbox` (ele vale uma vez). Se já foi usado ou expirou, reinicie o comando para ter outro.',
  notFound: 'Página não encontrada.',
  noBreak: 'Pendência não encontrada.',
  forbidden: 'Somente leitura: você não pode decidir (não está em breaks.operators).',
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
} as const;
