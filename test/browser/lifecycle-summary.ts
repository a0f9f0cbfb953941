/**
 * A run summary of a book with every lifecycle role (the simulator's lifecycle dataset, seed 42, 200
 * sales, Jan–Mar 2025, judged at the end of June so chargebacks have come): its answer key feeds the
 * real summary core, with the answer key's account-level totals as the period's fees and an
 * unclassified group of each kind, so the report shows every lifecycle section.
 */

import { periodFees } from '../../lambdas/core/account-items/period-fees';
import type { SummaryReceivable } from '../../lambdas/core/book/types';
import { bookFromReceivables, buildRunSummaryFromBook } from '../../lambdas/core/report/compute';
import type { ReportLanguage, RunSummary } from '../../lambdas/core/report/types';
import { computeLifecycleTruth } from '../../local/simulator/truth/lifecycle-truth';
import { generateUniverse } from '../../local/simulator/universe/dataset';
import { job, summaryInput } from '../unit/summary/fixtures';

const PERIOD = { from: '2025-01-01', to: '2025-06-30' };
const AS_OF = '2025-07-10';

const UNCLASSIFIED = [
  { code: 'G1', why: 'NO_ROLE', count: 1_234, setting: '{"recordRoles":{"G1":"<ROLE>"}}' },
  {
    code: 'E1',
    column: 'TIPOLANCAMENTO',
    value: '77',
    why: 'NO_RULE_FOR_VALUE',
    count: 12,
    setting:
      '{"recordRoles":{"E1":{"column":"TIPOLANCAMENTO","values":{"77":"<ROLE>"},"default":"ADJUSTMENT_OR_ANOTHER_VERY_LONG_ROLE_NAME"}}}',
  },
  {
    code: 'E1',
    column: 'SINAL',
    value: '?',
    why: 'UNKNOWN_SIGN',
    count: 3,
    setting: '{"recordSign":{"columns":["SINAL"],"negative":["?"]}}',
  },
] as const;

export function lifecycleSummary(language: ReportLanguage): RunSummary {
  const universe = generateUniverse({
    seed: 42,
    sales: 200,
    from: '2025-01-01',
    to: '2025-03-31',
    lifecycle: true,
  });
  const truth = computeLifecycleTruth(universe, { ...PERIOD, asOf: AS_OF, graceDays: 3 });
  const receivables: SummaryReceivable[] = truth.receivables.map((r) => ({
    ...r,
    status: r.state,
    lastChargebackDate: r.latestChargebackDate,
  }));
  const items = truth.accountTotals.map((t, i) => ({
    acquirer: t.acquirer,
    merchant: t.merchant,
    date: t.date,
    version: 1,
    entries: [
      {
        hash: `h${i}`,
        role: 'FEE' as const,
        netCents: t.feeCents,
        reasonText: 'ALUGUEL DE EQUIPAMENTO POS E TARIFA DE SERVICO MENSAL',
        occurrences: { copies: 1, pages: {}, edges: {}, seam: false, firstReport: 'r' },
      },
    ],
  }));
  const input = summaryInput({
    ...PERIOD,
    asOf: AS_OF,
    jobs: [job(), job({ kind: 'financial', counts: { ...job().counts, unclassified: [...UNCLASSIFIED] } })],
  });
  const stamp = { finishedAt: new Date('2025-07-10T09:30:41.700Z'), language };
  return buildRunSummaryFromBook(input, bookFromReceivables(receivables, AS_OF), stamp, periodFees(items));
}
