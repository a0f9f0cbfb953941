/** The report in Brazilian Portuguese, the default: the words a São Paulo finance team uses. */
import { formatQuantity, pluralIn } from '../report-kit/plural';
import type { Texts } from './texts';

const pt = pluralIn('pt-BR');

export const PORTUGUESE: Texts = {
  title: 'Conciliação de recebíveis',
  runCompleted: 'Execução concluída',
  runFailed: 'Execução com FALHA',
  period: (from, to) => `movimento de ${from} a ${to}`,
  asOf: (date) => `data-base ${date}`,
  environments: { production: 'produção', sandbox: 'homologação' },
  failures: {
    heading: 'Falhas',
    intro: 'Parte desta execução não terminou; os números abaixo não incluem o que estes relatórios contêm.',
    whatToDo: {
      REPORT_ERROR:
        'O provedor não gerou o relatório: execute de novo para o mesmo período; se repetir, fale com o provedor.',
      DEADLINE_PASSED: 'O relatório pode ficar pronto mais tarde: execute de novo para o mesmo período.',
      FAILED:
        'Peça a quem opera o recon que verifique o endereço e o acesso ao provedor (detalhe técnico abaixo) e execute de novo.',
    },
    otherwise: 'Peça a quem opera o recon que verifique o detalhe técnico abaixo e execute de novo.',
  },
  attention: {
    heading: 'O que precisa de ação',
    intro:
      'Todos os recebíveis conhecidos na data-base, não só os desta execução; as taxas e os depósitos, os do período.',
    largest: 'Maiores itens de cada categoria',
    shown: (n, total) => `${pt(n, 'o maior', `os ${n} maiores`)} de ${total}`,
    capped:
      'Estes recebíveis já têm o máximo de registros permitido (maxContributions): os registros seguintes foram para a quarentena como TOO_MANY_CONTRIBUTIONS e faltam nos seus valores. Liste-os com recon receivables e verifique a origem.',
    periodCut: (to, n, count, through) =>
      `Este período termina em ${to} e os pagamentos feitos depois não foram buscados nesta execução: ${pt(n, 'o recebível atrasado pode já ter sido pago', `os ${count} recebíveis atrasados podem já ter sido pagos`)}; para conferir, execute o período até ${through}.`,
    review: {
      DUPLICATE_FORECAST: 'previsões em dúvida: verificar',
      POSSIBLE_CORRECTION: 'pagamento possivelmente corrigido: verificar',
      POSSIBLE_SEAM_DUPLICATE: 'registro repetido entre páginas: verificar',
      CHARGEBACK: 'chargeback: contestar dentro do prazo da adquirente',
      CANCELLED_BEFORE_PAYMENT: 'cancelado antes do pagamento: nada a receber',
      CANCELLED_AFTER_PAYMENT: 'cancelado após o pagamento: a adquirente deve debitar o valor pago',
      PARTLY_CANCELLED: 'cancelado em parte; o restante foi pago',
      ADVANCE: 'antecipado; a taxa de antecipação é um valor à parte',
      ADVANCE_AND_PAYMENT:
        'antecipado e também pago no vencimento: verificar se a adquirente pagou duas vezes',
      CANCELLATION_WITHOUT_SALE: 'cancelamento sem venda correspondente: verificar',
      CHARGEBACK_WITHOUT_SALE: 'chargeback sem venda correspondente: verificar',
      ADJUSTMENT_WITHOUT_SALE: 'ajuste sem venda correspondente: verificar',
    },
    chargeback: (amount, date) => `chargeback de ${amount}${date === null ? '' : ` em ${date}`}`,
  },
  states: {
    OPEN: 'Em aberto',
    SETTLED: 'Liquidado',
    UNDERPAID: 'Pago a menor',
    OVERPAID: 'Pago a maior',
    OVERDUE: 'Atrasado',
    UNEXPECTED: 'Pago sem previsão',
    CANCELLED: 'Cancelado',
    CHARGED_BACK: 'Chargeback',
    ADVANCED: 'Antecipado',
    UNLINKED: 'Sem venda correspondente',
    CAPPED: 'Limite de registros atingido',
  },
  atStake: {
    UNDERPAID: 'faltam receber',
    OVERPAID: 'recebidos a mais',
    OVERDUE: 'previstos e não recebidos',
    UNEXPECTED: 'recebidos sem previsão',
    CHARGED_BACK: 'estornados por chargeback',
    UNLINKED: 'em registros sem venda',
    CAPPED: 'em jogo, registros recusados',
  },
  receivables: (n) => formatQuantity(n, 'recebível', 'recebíveis', 'pt-BR'),
  records: (n) => formatQuantity(n, 'registro', 'registros', 'pt-BR'),
  none: 'nenhum',
  columns: {
    receivable: 'Recebível',
    dueDate: 'Vencimento',
    forecast: 'Previsto',
    settled: 'Recebido',
    difference: 'Diferença',
    state: 'Situação',
    receivables: 'Recebíveis',
    records: 'Registros',
    amount: 'Valor',
    daysLate: 'Dias após o vencimento',
  },
  receivableParts: { merchant: 'EC', sale: 'venda', installment: 'parcela' },
  byState: {
    heading: 'Recebíveis por situação',
    note: 'Valores líquidos. Diferença = recebido − previsto; num atrasado, é o valor previsto que não chegou. Em aberto ainda não tem diferença.',
    total: 'Total',
  },
  aging: {
    heading: 'Em aberto e atrasados, por dias após o vencimento',
    note: (late, becameLate) =>
      `Valor previsto ainda não recebido. Atrasado = vencido e fora da carência: ${late}, dos quais ${becameLate} passaram a atrasados nesta execução.`,
    notDue: 'a vencer',
    withinGrace: 'vencido, dentro da carência',
    range: (min, max) => `atrasado, ${min} a ${max} dias`,
    over: (min) => `atrasado, mais de ${min - 1} dias`,
  },
  agenda: {
    heading: 'Agenda de recebíveis por semana',
    note: 'Valor líquido previsto e recebido dos recebíveis que vencem em cada semana (de segunda a domingo).',
    forecast: 'Previsto',
    settled: 'Recebido',
    future: 'Semanas após a data-base',
    asOf: 'data-base',
    empty: 'Nenhum recebível com vencimento ainda.',
    outside: (weeks, amount) => `Fora do gráfico: ${weeks} semanas com ${amount} previstos.`,
    bar: (week, forecast, settled) => `Semana de ${week}: previsto ${forecast}, recebido ${settled}`,
    months: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
    scrollHint: 'Arraste o gráfico para o lado para ver todas as semanas.',
  },
  recordsSection: {
    heading: 'Registros recebidos',
    received: (records, quarantined) =>
      `${records} recebidos do provedor; ${quarantined} em quarentena (separados para revisão, nunca descartados).`,
    code: 'Tipo de registro',
    reason: 'Motivo da quarentena',
    codes: {
      A1: 'venda em aberto (previsão)',
      D1: 'baixa por pagamento',
    },
    otherCode: 'papel definido em recordRoles',
    unclassifiedCode: 'sem papel configurado (ver abaixo)',
    reasons: {
      NOT_AN_OBJECT: 'registro ilegível (não é um registro do layout)',
      UNKNOWN_RECORD_CODE: 'tipo de registro desconhecido',
      MISSING_KEY_FIELD: 'falta um dado que identifica a venda (adquirente, EC, NSU…)',
      BAD_DATE: 'data ilegível',
      BAD_AMOUNT: 'valor ilegível',
      BAD_VALUE: 'campo em formato inválido',
      OUT_OF_RANGE: 'número grande demais para ser guardado',
      TOO_LONG: 'identificador longo demais',
      PLACEHOLDER_KEY_VALUE: 'identificador vazio ou genérico ("0", "-"): juntaria vendas diferentes',
      CONFLICTING_VALUES: 'o mesmo campo veio duas vezes com valores diferentes',
      MISSING_DUE_DATE: 'venda sem data de vencimento',
      TOO_MANY_CONTRIBUTIONS: 'recebível com registros demais (limite atingido)',
      ARCHIVED_RECEIVABLE: 'recebível antigo, já arquivado',
      MISSING_DATE: 'tarifa ou ajuste da conta sem data',
    },
    otherReason: 'outro motivo',
    unknownColumns:
      'O provedor enviou colunas que o recon não conhece. Elas foram guardadas e não mudam os valores; se trouxerem um dado novo, peça a quem opera o recon para incluí-las',
    missingFields:
      'Faltou em todos os registros um dado esperado, provavelmente uma coluna renomeada pelo provedor: os valores podem estar incompletos. Peça a quem opera o recon para conferir os nomes de coluna (fieldAliases)',
  },
  reports: {
    heading: 'Relatórios do provedor',
    report: 'Relatório',
    id: 'Id',
    outcome: 'Resultado',
    pages: 'Páginas',
    requests: 'Requisições',
    kinds: { sales: 'Vendas', financial: 'Financeiro' },
    outcomes: { COMPLETED: 'concluído' },
  },
  footer: (requests, seconds, startedAt, runId) =>
    `${requests} requisições ao provedor · ${seconds} s · início ${startedAt} · execução ${runId}`,
  message: {
    stateLine: 'Recebíveis por situação (quantidade, previsto, recebido):',
    nothingToAct: 'Nada precisa de ação.',
    andMore: (n) => `e mais ${n}…`,
    outcomes: {
      REPORT_ERROR: 'o provedor informou erro ao gerar o relatório',
      DEADLINE_PASSED: 'o relatório não ficou pronto dentro do prazo',
      FAILED: 'não foi possível processar o relatório',
    },
    technicalDetail: (detail) => `detalhe técnico: ${detail}`,
    records: (received, quarantined) =>
      `${received} recebidos do provedor${quarantined === null ? '' : `; ${quarantined} em quarentena (separados para revisão)`}.`,
    reportLink: (until) => `Relatório completo, link válido no máximo até ${until}:`,
    reportFile: 'Relatório completo (arquivo local):',
    reportObject: (uri) => `Relatório completo em ${uri} (não foi possível gerar um link).`,
    newLink: (command) => `Para um novo link, quem tem acesso à AWS executa: ${command}`,
    subject: { needsAction: (amount) => `${amount} pedem ação`, nothing: 'nada pede ação', failed: 'FALHOU' },
  },
};
