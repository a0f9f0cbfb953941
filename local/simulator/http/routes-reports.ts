/**
 * The /retornos endpoints: configurations, generation, status/list, paged download and deletion, with
 * the status codes recon's client is written against (400 invalid input, 404 unknown id, 409 wrong
 * state).
 */
import { addDays, daysBetween, isIsoDate } from '../../../lambdas/core/calendar';
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { parseJsonPreservingIds } from '../../../lambdas/core/json';
import { REPORT_STATES, type ReportState } from '../../../lambdas/core/provider/port';
import type { FaultState } from '../faults/faults';
import type { Encoder } from '../rendering/encoding';
import { buildEmptyPageFault, renderingFor } from '../rendering/variance';
import { asId, asObject, message, NO_CONTENT, ok, type Reply, type RequestContext } from '../replies';
import { reportEntries } from '../reports/report-content';
import { outcomeFor, type ReportTiming, reportJson, type StoredReport, stateOf } from '../reports/reports';
import type { SimulatorMode } from '../types';
import { correctionsOf } from '../universe/corrections';
import type { Universe } from '../universe/dataset';

export interface ReportRoutesDeps {
  readonly mode: SimulatorMode;
  readonly seed: number;
  readonly configurations: Readonly<Record<ReportKind, { id: number; nome: string }>>;
  readonly recordsPerPage: number;
  readonly timing: ReportTiming;
  readonly clock: () => number;
  readonly faults: FaultState;
  readonly universe: () => Universe;
  readonly encoder: () => Encoder;
  readonly nextId: () => string;
  readonly businessToday: () => string;
  readonly reports: Map<string, StoredReport>;
  readonly onGenerated: (report: StoredReport) => void;
  /** Each report renders its records its own way, and pages vary (see `variance.ts`). */
  readonly variance: boolean;
}

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** dd/MM/yyyy -> yyyy-MM-dd, or undefined when not a real calendar date in that format. */
export function parseProviderDate(value: unknown): string | undefined {
  const m = typeof value === 'string' ? BR_DATE.exec(value) : null;
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
  return iso && isIsoDate(iso) ? iso : undefined;
}

function parseBody(body: string): Record<string, unknown> | undefined {
  try {
    return asObject(parseJsonPreservingIds(body));
  } catch {
    return undefined;
  }
}

function filterList(value: unknown): string[] | undefined | false {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return false;
  return value.map(String);
}

export function buildReportRoutes(deps: ReportRoutesDeps) {
  const emptyOnce = buildEmptyPageFault(deps.seed);
  const kindOf = (configId: unknown): ReportKind | undefined =>
    (['sales', 'financial'] as const).find((kind) => deps.configurations[kind].id === configId);
  const stateNow = (report: StoredReport): ReportState =>
    stateOf(report, deps.mode, deps.timing, deps.clock());
  const shown = (report: StoredReport, state: ReportState) =>
    reportJson(report, state, deps.faults.current().reportedPageCount);
  let generated = 0;

  function generate(ctx: RequestContext): Reply {
    const body = parseBody(ctx.body);
    if (!body) return message(400, 'Corpo da requisição inválido');
    const kind = kindOf(body.idMovFinanCfg);
    if (!kind) return message(400, 'idMovFinanCfg desconhecido');
    const from = parseProviderDate(body.dataMovimentacaoInicial);
    const to = parseProviderDate(body.dataMovimentacaoFinal);
    if (!from || !to) return message(400, 'Datas devem estar no formato dd/MM/yyyy');
    const span = daysBetween(from, to);
    if (span < 0) return message(400, 'dataMovimentacaoFinal anterior à dataMovimentacaoInicial');
    if (span > 30) return message(400, 'Período maior que 30 dias');
    const merchants = filterList(body.filtroEstabelecimentos);
    const acquirers = filterList(body.filtroAdquirentes);
    if (merchants === false || acquirers === false) return message(400, 'Filtros devem ser listas');
    const failure = deps.faults.takeGenerationFailure();
    if (failure === 'before-create') return message(500, 'Erro interno simulado');
    const wrongWindow = deps.faults.current().wrongWindowReports;
    const wrong = [kind, 'all'].includes(wrongWindow);
    const dayAfter = wrongWindow === 'sales-day-after' && kind === 'sales';
    // The fault serves the window before the requested one: same length, ending the day before `from`.
    // Or the requested window one day later.
    const served = wrong
      ? { from: addDays(from, -(span + 1)), to: addDays(from, -1) }
      : dayAfter
        ? { from: addDays(from, 1), to: addDays(to, 1) }
        : { from, to };
    const entries = reportEntries(deps.universe(), deps.seed, kind, served, { merchants, acquirers });
    const report: StoredReport = {
      id: deps.nextId(),
      kind,
      tipoRemessa: deps.configurations[kind].nome,
      createdAt: deps.clock(),
      generatedOn: deps.businessToday(),
      entries,
      pages: Math.max(1, Math.ceil(entries.length / deps.recordsPerPage)),
      outcome: deps.faults.takeErroReport() ? 'ERRO' : outcomeFor(kind, deps.faults.current()),
      pastLast: generated++ % 2 === 0 ? 'empty-array' : 'no-registro',
      corrections: correctionsOf(deps.faults.current()),
    };
    deps.reports.set(report.id, report);
    deps.onGenerated(report);
    return failure === 'after-create' ? message(500, 'Erro interno simulado') : ok(`{"id":${report.id}}`);
  }

  function configurations(): Reply {
    return ok(JSON.stringify([deps.configurations.sales, deps.configurations.financial]));
  }

  function status(ctx: RequestContext): Reply {
    const id = ctx.query.get('id');
    if (id !== null) {
      const report = deps.reports.get(id);
      return report ? ok(shown(report, stateNow(report))) : message(404, 'Remessa não encontrada');
    }
    const fromParam = ctx.query.get('dataGeracaoInicial');
    const toParam = ctx.query.get('dataGeracaoFinal');
    const from = fromParam === null ? '0000-01-01' : parseProviderDate(fromParam);
    const to = toParam === null ? '9999-12-31' : parseProviderDate(toParam);
    if (!from || !to) return message(400, 'Datas devem estar no formato dd/MM/yyyy');
    const situacao = ctx.query.get('situacao');
    if (situacao !== null && !REPORT_STATES.includes(situacao as ReportState)) {
      return message(400, 'situacao desconhecida');
    }
    const listed = [...deps.reports.values()]
      .filter((r) => r.generatedOn >= from && r.generatedOn <= to)
      .map((r) => ({ report: r, state: stateNow(r) }))
      .filter(({ state }) => situacao === null || state === situacao);
    return ok(`[${listed.map(({ report, state }) => shown(report, state)).join(',')}]`);
  }

  function download(ctx: RequestContext): Reply {
    const body = parseBody(ctx.body);
    const id = asId(body?.id);
    const page = body?.pagina;
    if (!id || typeof page !== 'number' || !Number.isInteger(page) || page < 1) {
      return message(400, 'Informe id e pagina (inteiro a partir de 1)');
    }
    const report = deps.reports.get(id);
    if (!report) return message(404, 'Remessa não encontrada');
    if (deps.mode === 'production' && stateNow(report) !== 'CONCLUIDO') {
      return message(409, 'Remessa ainda não concluída');
    }
    const repeated = deps.faults.current().repeatedPage;
    const served = repeated?.page === page ? repeated.servedFrom : page;
    const own = (served - 1) * deps.recordsPerPage;
    const seam = deps.faults.current().pageSeamOverlap;
    // An overlapping seam serves the page before's last record first; a page past the last stays empty.
    const start = seam !== 'off' && served > 1 && own < report.entries.length ? own - 1 : own;
    const slice = report.entries.subarray(start, served * deps.recordsPerPage);
    // A page `emptyOncePages` names is empty exactly once: the variance's own empty-once pages skip it.
    const named = deps.faults.current().emptyOncePages.includes(page);
    const momentary =
      slice.length > 0 &&
      (named || (deps.variance && deps.mode === 'production')) &&
      emptyOnce(report.id, page, named);
    if (slice.length === 0 || momentary) {
      const registros = report.pastLast === 'empty-array' ? '{"registro":[]}' : '{}';
      return ok(`{"id":${report.id},"pagina":${page},"registros":${registros}}`);
    }
    const encode = deps.encoder();
    const rendering = deps.variance ? renderingFor(deps.seed, report.id, report.kind) : undefined;
    const shiftedIn = deps.faults.current().shiftedRenderings ? report.id : undefined;
    const context = (line: number) => ({
      corrections: report.corrections,
      ...(seam === 'sequenced' ? { sequence: start + line + 1 } : {}),
      ...(shiftedIn === undefined ? {} : { shiftedIn }),
    });
    const records = Array.from(slice, (entry, line) =>
      encode(report.kind, entry, rendering, line, context(line)),
    ).join(',');
    // Under variance a one-record page sends `registro` as one object, not an array of one.
    const registro = deps.variance && slice.length === 1 ? records : `[${records}]`;
    return ok(`{"id":${report.id},"pagina":${page},"registros":{"registro":${registro}}}`);
  }

  function remove(id: string): Reply {
    const report = deps.reports.get(id);
    if (!report) return message(404, 'Remessa não encontrada');
    const state = stateNow(report);
    if (state !== 'CONCLUIDO' && state !== 'ERRO') {
      return message(409, `Remessa em ${state} não pode ser excluída`);
    }
    deps.reports.delete(id);
    return NO_CONTENT;
  }

  return { generate, configurations, status, download, remove };
}
