import type { SummaryReceivable } from '../../../lambdas/core/book/types';
import type { JobResult, SummaryInput } from '../../../lambdas/core/workflow/contracts';

export function job(overrides: Partial<JobResult> = {}): JobResult {
  return {
    kind: 'sales',
    configurationId: 35176,
    from: '2025-01-01',
    to: '2025-01-30',
    reportId: '9007199254740993',
    outcome: 'COMPLETED',
    pages: 3,
    providerRequests: 5,
    counts: {
      received: 10,
      byCode: { A1: 8, A2: 1 },
      quarantinedByReason: { BAD_DATE: 1 },
      drift: { unknownColumns: ['XPTO'], missingFields: [] },
    },
    ...overrides,
  };
}

export function summaryInput(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    runId: 'run-1',
    environment: 'sandbox',
    from: '2025-01-01',
    to: '2025-01-30',
    asOf: '2025-03-10',
    startedAt: '2025-03-10T06:00:00.000Z',
    jobs: [job(), job({ kind: 'financial', configurationId: 35177 })],
    aging: { becameOverdue: 2 },
    ...overrides,
  };
}

/** An unpaid receivable past due (Cielo, merchant 1020, due 2025-02-01), told apart by its NSU. */
export const late = (cents: number, nsu: string): SummaryReceivable => ({
  status: 'OVERDUE',
  forecastNetCents: cents,
  settledNetCents: null,
  dueDate: '2025-02-01',
  acquirer: 'Cielo',
  merchant: '1020',
  saleDate: '2025-01-05',
  nsu,
  installment: 1,
});
