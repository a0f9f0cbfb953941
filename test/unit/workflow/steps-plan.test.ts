/**
 * The workflow steps with small fakes (no network), first half: period and configuration
 * resolution, the run guard decision, polling and batches, the sandbox stop rule.
 */
import { describe, expect, it } from 'vitest';
import { fakeWorld, JOB } from './steps-world';

describe('plan', () => {
  it('defaults to yesterday in America/Sao_Paulo and lists both kinds with the sandbox ids', async () => {
    const { steps, calls } = fakeWorld();

    const plan = await steps.plan({ input: {}, executionId: 'arn:aws:states:x:1:execution:nightly:run-1' });

    expect(plan.run).toMatchObject({
      from: '2026-03-08',
      to: '2026-03-08',
      asOf: '2026-03-09',
      runId: 'run-1',
    });
    expect(plan.jobs).toEqual([
      { kind: 'sales', configurationId: 35176, from: '2026-03-08', to: '2026-03-08' },
      { kind: 'financial', configurationId: 35177, from: '2026-03-08', to: '2026-03-08' },
    ]);
    expect(plan.run.waitMode).toBe('none');
    expect(calls.claims).toEqual([
      expect.objectContaining({
        executionId: 'arn:aws:states:x:1:execution:nightly:run-1',
        claimOptions: { force: false },
      }),
    ]);
  });

  it('finds production configurations by name and splits a backfill into 30-day windows', async () => {
    const { steps } = fakeWorld({ workflow: { environment: 'production', webhook: true } });

    const plan = await steps.plan({ input: { from: '2025-01-01', to: '2025-02-15' }, executionId: 'e' });

    expect(plan.run.waitMode).toBe('webhook');
    expect(plan.jobs.map((j) => [j.kind, j.configurationId, j.from, j.to])).toEqual([
      ['sales', 7, '2025-01-01', '2025-01-31'],
      ['sales', 7, '2025-02-01', '2025-02-15'],
      ['financial', 8, '2025-01-01', '2025-01-31'],
      ['financial', 8, '2025-02-01', '2025-02-15'],
    ]);
  });

  it('fails plainly when a configured name is not listed', async () => {
    const { steps } = fakeWorld({
      workflow: {
        environment: 'production',
        configurationNames: { sales: 'Vendas', financial: 'Settlements' },
      },
    });

    await expect(steps.plan({ input: {}, executionId: 'e' })).rejects.toMatchObject({
      name: 'ConfigurationNotFoundError',
      message: expect.stringContaining("'Settlements'"),
    });
  });

  it('refuses a period longer than the deployed stage lets one execution run', async () => {
    const { steps } = fakeWorld({ workflow: { environment: 'production', maxPeriodDays: 31 } });

    await expect(
      steps.plan({ input: { from: '2025-01-01', to: '2025-02-15' }, executionId: 'e' }),
    ).rejects.toMatchObject({
      name: 'PeriodTooLongError',
      message: expect.stringContaining(
        '2025-01-01..2025-02-15 is 46 days; one execution of this stage runs at most 31',
      ),
    });
    const plan = await steps.plan({ input: { from: '2025-01-01', to: '2025-01-31' }, executionId: 'e' });
    expect(plan.jobs).toHaveLength(2);
  });

  it('skips with the reason when the run guard is taken', async () => {
    const { steps } = fakeWorld({ claim: { claimed: false, reason: 'already COMPLETED' } });

    const plan = await steps.plan({ input: { from: '2025-01-01', to: '2025-01-02' }, executionId: 'e' });

    expect(plan).toMatchObject({ skip: true, reason: 'already COMPLETED', jobs: [], segments: [] });
  });
});

describe('checkReport', () => {
  const report = {
    reportId: '1',
    generatedOn: '2026-03-09',
    deadline: '2026-03-10T02:00:00Z',
    providerRequests: 1,
  };

  it('splits a CONCLUIDO report into page batches and counts the poll', async () => {
    const { steps } = fakeWorld({
      workflow: { pagesPerBatch: 4, batchConcurrency: 3 },
      provider: {
        getReport: async () => ({ id: '1', situacao: 'CONCLUIDO', tipoRemessa: null, quantidadePaginas: 10 }),
      },
    });

    const checked = await steps.checkReport({ report });

    // Four batches in one chunk: indexes 0..3 (pages 1, 2-4, 5-8 staggered, then 9-10), no page
    // list in the state.
    expect(checked).toMatchObject({
      batchCount: 4,
      chunkSize: 4,
      chunkSpan: 3,
      lastChunkStart: 0,
      deadlinePassed: false,
      situacao: 'CONCLUIDO',
    });
  });

  it('asks for the page loop when CONCLUIDO comes without a page count', async () => {
    const { steps } = fakeWorld({
      provider: {
        getReport: async () => ({
          id: '1',
          situacao: 'CONCLUIDO',
          tipoRemessa: null,
          quantidadePaginas: null,
        }),
      },
    });

    expect(await steps.checkReport({ report })).toMatchObject({ pagesUnknown: true, batchCount: 0 });
  });

  it('says the deadline passed only for a report still in progress', async () => {
    const { steps } = fakeWorld({
      provider: {
        getReport: async () => ({
          id: '1',
          situacao: 'EM_PROCESSAMENTO',
          tipoRemessa: null,
          quantidadePaginas: null,
        }),
      },
    });

    const checked = await steps.checkReport({ report });

    expect(checked).toMatchObject({ deadlinePassed: true, batchCount: 0, providerRequests: 2 });
  });
});

/** Two rounds of the page loop over one report, as the state machine runs them. */
async function twoRounds(steps: ReturnType<typeof fakeWorld>['steps']) {
  const input = {
    job: JOB,
    executionId: 'e',
    reportId: '9007199254740993',
    generatedOn: '2026-03-09',
    asOf: '2026-03-09',
  };
  const first = await steps.downloadUntilEmpty({ ...input, cursor: { nextPage: 1 } });
  const second = await steps.downloadUntilEmpty({ ...input, cursor: first });
  return { first, second };
}

describe('downloadUntilEmpty', () => {
  it('stops at an empty page confirmed by a second ask, ingests only the pages before it, and carries totals', async () => {
    const { steps, calls } = fakeWorld({ workflow: { pagesPerBatch: 2 } });

    const { first, second } = await twoRounds(steps);

    expect(first).toMatchObject({ nextPage: 3, done: false });
    // Pages 3 (2 records) and 4 (empty, and empty again when asked twice): the loop ends after page 3.
    expect(second).toMatchObject({ nextPage: 5, done: true });
    expect(second.totals).toMatchObject({ pages: 3, providerRequests: 5, counts: { received: 6 } });
    // One ingestion and one matching pass per batch, never the empty page.
    expect(calls.ingestedBatches).toEqual([[1, 2], [3]]);
    expect(calls.applied).toBe(2);
  });
});

describe('downloadUntilEmpty batch sizes', () => {
  it('grows its batches so a short report spends few requests past its end', async () => {
    const { steps, calls } = fakeWorld({ workflow: { pagesPerBatch: 10 } });

    const { first, second } = await twoRounds(steps);

    // Pages 1–2, then 3–6 (page 4 is the first empty one, asked twice): 7 requests instead of 10.
    expect(first).toMatchObject({ nextPage: 3, done: false });
    expect(second).toMatchObject({ nextPage: 7, done: true });
    expect(second.totals).toMatchObject({ pages: 3, providerRequests: 7 });
    expect(calls.ingestedBatches).toEqual([[1, 2], [3]]);
  });
});
