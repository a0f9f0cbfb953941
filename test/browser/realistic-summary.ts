/**
 * A run summary as `recon run` makes it from the built-in simulator's default data (seed 42, 400
 * sales, Jan–Mar 2025, installments due up to a year later), without the network: the simulator's
 * own universe and answer key feed the real summary core. Every state occurs, amounts span
 * R$ 10 to R$ 5.000 a receivable, due dates run over a year, and the as-of date falls shortly after
 * the data, as in the demo.
 */

import type { MoneyTotals } from '../../lambdas/core/book/types';
import { buildDepositsSection } from '../../lambdas/core/deposits/section-model';
import type { ReportLanguage, RunSummary } from '../../lambdas/core/report/types';
import type { JobResult } from '../../lambdas/core/workflow/contracts';
import { recordCounts } from '../../local/simulator/reports/report-content';
import { computeGroundTruth } from '../../local/simulator/truth/ground-truth';
import { generateUniverse } from '../../local/simulator/universe/dataset';
import { ALL_RESULTS } from '../support/deposit-results';
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

/** Money totals times `factor`. */
function scaledTotals(m: MoneyTotals, factor: number): MoneyTotals {
  return {
    count: m.count * factor,
    forecastNetCents: m.forecastNetCents * factor,
    settledNetCents: m.settledNetCents * factor,
    differenceCents: m.differenceCents * factor,
  };
}

/** Every figure times `factor`: the widest amounts a card or table cell must still fit. */
function scaled<T extends { readonly amountCents: number }>(items: readonly T[], factor: number): T[] {
  return items.map((item) => ({ ...item, amountCents: item.amountCents * factor }));
}

/**
 * The realistic summary at its most crowded: amounts in the hundreds of millions, a failed report
 * with a long technical error, quarantine reasons and layout changes with long column names, a
 * capped card. What a phone at 360 px must still show without scrolling sideways.
 */
export function crowdedSummary(language: ReportLanguage): RunSummary {
  const s = realisticSummary(language);
  const factor = 10_000;
  const failed = {
    ...(s.jobs[1] as RunSummary['jobs'][number]),
    outcome: 'FAILED' as const,
    error: `ProviderHttpError: listReports: HTTP 404 at https://provider.example.com/${'v1/'.repeat(20)}reports`,
  };
  return {
    ...s,
    outcome: 'FAILED',
    failures: [failed],
    jobs: [s.jobs[0] as RunSummary['jobs'][number], failed],
    attention: scaled(s.attention, factor),
    capped: { count: 3, amountCents: 123_456_789_01 },
    aging: { ...s.aging, buckets: scaled(s.aging.buckets, factor) },
    receivables: {
      total: scaledTotals(s.receivables.total, factor),
      byStatus: Object.fromEntries(
        Object.entries(s.receivables.byStatus).map(([state, m]) => [state, scaledTotals(m, factor)]),
      ),
    },
    records: {
      ...s.records,
      quarantined: 3_000_000,
      quarantinedByReason: {
        CONFLICTING_VALUES: 1_000_000,
        PLACEHOLDER_KEY_VALUE: 1_000_000,
        TOO_LONG: 1_000_000,
      },
    },
    drift: {
      unknownColumns: ['CODPRODUTO', 'CODIGO_DO_PRODUTO_COM_NOME_MUITO_LONGO_SEM_ESPACOS_1234567890'],
      missingFields: ['nsu'],
    },
    // The bank leg at the same scale, with a long unbroken memo and a deposit group (docs/deposits.md).
    deposits: buildDepositsSection({
      statementsImported: true,
      from: '2025-03-01',
      to: '2025-03-31',
      results: ALL_RESULTS.map((r) => ({
        ...r,
        group: r.acquirer === 'REDE' ? 'MASTERCARD|EC 1234567890' : '',
        memo: r.memo === null ? null : `${r.memo} ${'TRANSFERENCIAELETRONICADISPONIVEL'.repeat(3)}`,
        expectedCents: r.expectedCents === null ? null : r.expectedCents * factor,
        creditCents: r.creditCents === null ? null : r.creditCents * factor,
        differenceCents: r.differenceCents === null ? null : r.differenceCents * factor,
      })),
    }),
  };
}
