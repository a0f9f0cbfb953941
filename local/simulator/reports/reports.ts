/**
 * The report registry: ids above 2^53, generation, and state computed lazily from the clock (production
 * walks AGUARDANDO -> EM_PROCESSAMENTO -> CONCLUIDO/ERRO; sandbox stays EM_PROCESSAMENTO).
 */

import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import type { ReportState } from '../../../lambdas/core/provider/port';
import type { SimulatorFaults, SimulatorMode } from '../types';
import type { Corrections } from '../universe/corrections';
import { intBetween, rngFor } from '../universe/random';

export interface StoredReport {
  /** Exact decimal string; written to JSON as a bare integer. */
  readonly id: string;
  readonly kind: ReportKind;
  readonly tipoRemessa: string;
  readonly createdAt: number;
  /** Calendar date of generation in America/Sao_Paulo (the list filter's date). */
  readonly generatedOn: string;
  readonly entries: Int32Array;
  readonly pages: number;
  readonly outcome: 'CONCLUIDO' | 'ERRO' | 'STUCK';
  /** How a page past the last is written; alternates with generation order so both forms occur. */
  readonly pastLast: 'empty-array' | 'no-registro';
  /** Amounts this report corrects (faults in force when it was generated). */
  readonly corrections: Corrections;
}

export interface ReportTiming {
  readonly waitingMs: number;
  readonly processingMs: number;
}

/** Report ids start just above 2^53 and grow by a seeded odd step: a double cannot hold most of them. */
export function buildIdSequence(seed: number) {
  const rng = rngFor(seed, 'report-ids');
  let next = 9_007_199_254_740_993n + 2n * BigInt(intBetween(rng, 0, 500_000));
  const step = BigInt(2 * intBetween(rng, 500, 50_000) + 1);
  return (): string => {
    const id = next.toString();
    next += step;
    return id;
  };
}

export function outcomeFor(kind: ReportKind, faults: SimulatorFaults): StoredReport['outcome'] {
  if (faults.stuckReports) return 'STUCK';
  return faults.errorReports === 'all' || faults.errorReports === kind ? 'ERRO' : 'CONCLUIDO';
}

export function stateOf(
  report: StoredReport,
  mode: SimulatorMode,
  timing: ReportTiming,
  now: number,
): ReportState {
  if (mode === 'sandbox') return 'EM_PROCESSAMENTO';
  const elapsed = now - report.createdAt;
  if (elapsed < timing.waitingMs) return 'AGUARDANDO';
  if (elapsed < timing.waitingMs + timing.processingMs || report.outcome === 'STUCK')
    return 'EM_PROCESSAMENTO';
  return report.outcome;
}

/** `quantidadePaginas` of a CONCLUIDO report, as the `reportedPageCount` fault writes it. */
function reportedPages(pages: number, count: SimulatorFaults['reportedPageCount']): number | null {
  if (count === 'zero') return 0;
  if (count === 'null') return null;
  return count === 'half' ? Math.floor(pages / 2) : pages;
}

/** The resource as GET /retornos shows it, as JSON text (the id stays a bare integer). */
export function reportJson(
  report: StoredReport,
  state: ReportState,
  count: SimulatorFaults['reportedPageCount'],
): string {
  const pages = state === 'CONCLUIDO' ? reportedPages(report.pages, count) : null;
  return `{"id":${report.id},"situacao":"${state}","tipoRemessa":${JSON.stringify(report.tipoRemessa)},"quantidadePaginas":${pages}}`;
}
