/**
 * A run summary as `recon run` makes it from the built-in simulator's default data (seed 42, 400
 * sales, Jan–Mar 2025, installments due up to a year later), without the network: the simulator's
 * own universe and answer key feed the real summary core. Every state occurs, amounts span
 * R$ 10 to R$ 5.000 a receivable, due dates run over a year, and the as-of date falls shortly after
 * the data, as in the demo.
 */

import type { ReportLanguage, RunSummary } from '../../lambdas/core/summary/types';
import type { JobResult } from '../../lambdas/core/workflow/contracts';
import { generateUniverse } from '../../local/simulator/dataset';
import { computeGroundTruth } from '../../local/simulator/ground-truth';
import { recordCounts } from '../../local/simulator/report-content';
import { buildRunSummary } from '../support/run-summary';

const SEED = 42;
const PERIOD = { from: '2025-01-01', to: '2025-03-31' };
const AS_OF = '2025-04-07';

function jobsOf(byCode: Readonly<Record<string, number>>, malformed: number): JobResult[] {
  const job = (
    kind: 'sales' | 'financial',
    codes: RegExp,
    configurationId: number,
    reportId: string,
  ): JobResult => {
    const mine = Object.fromEntries(Object.entries(byCode).filter(([code]) => codes.test(code)));
    const share = kind === 'sales' ? Math.ceil(malformed / 2) : Math.floor(malformed / 2);
    const received = Object.values(mine).reduce((a, b) => a + b, 0) + share;
    return {
      kind,
      configurationId,
      ...PERIOD,
      reportId,
      outcome: 'COMPLETED',
      pages: Math.ceil(received / 1000),
      providerRequests: Math.ceil(received / 1000) + 3,
      counts: {
        received,
        byCode: mine,
        quarantinedByReason: share > 0 ? { BAD_DATE: share } : ({} as Record<string, number>),
        drift: { unknownColumns: [], missingFields: [] },
      },
    };
  };
  return [
    job('sales', /^A/, 35176, '9007199254740993'),
    job('financial', /^[^A]/, 35177, '9007199254740994'),
  ];
}

export function realisticSummary(language: ReportLanguage): RunSummary {
  const universe = generateUniverse({ seed: SEED, sales: 400, ...PERIOD });
  const receivables = computeGroundTruth(universe, {
    ...PERIOD,
    asOf: AS_OF,
    graceDays: 3,
    tolerance: { absoluteCents: 0, percent: 0 },
  });
  const counts = recordCounts(universe, SEED, PERIOD);
  return buildRunSummary(
    {
      runId: 'local-2025-04-07T09-30-00-000Z',
      environment: 'sandbox',
      ...PERIOD,
      asOf: AS_OF,
      startedAt: '2025-04-07T09:30:00.000Z',
      jobs: jobsOf(counts.byCode, counts.malformed),
      aging: { becameOverdue: 12 },
    },
    receivables,
    { finishedAt: new Date('2025-04-07T09:30:41.700Z'), language },
  );
}
