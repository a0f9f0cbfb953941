/**
 * The synthesized state machine, run by aws-local-stepfunctions with fast fake steps: the history
 * events the service would write equal the budget's arithmetic (lib/workflow/history-budget.ts), the
 * stage refuses a lookbackDays past that budget, and a job's state stays small at 10,000 batches.
 */
import '../../../local/polyfills';
import { describe, expect, it } from 'vitest';
import { planBackfill } from '../../../cli/commands/backfill';
import { daysBetween } from '../../../lambdas/core/calendar';
import { ConfigError } from '../../../lambdas/core/config-issues';
import { deployedWorkflowConfigOf, parseStageConfig, workflowConfigOf } from '../../../lib/config';
import { budgetSettingsOf } from '../../../lib/config-history';
import {
  EVENTS,
  executionEvents,
  HISTORY_EVENT_BUDGET,
  type JobPath,
  WINDOW_DAYS,
  worstExecutionEvents,
} from '../../../lib/workflow/history-budget';
import { DISTRIBUTED_MAP_STATE, STATE, WAIT_FOR_WEBHOOK_STATE } from '../../../lib/workflow/state-names';
import {
  createLocalTaskTokens,
  runWorkflowLocally,
  synthesizeWorkflowDefinition,
} from '../../../local/stepfunctions';
import { fakeSteps, type JobScript } from './fake-steps';

const STAGE = { environment: 'production', baseUrl: 'https://provider.example/api' } as const;

interface AslStates {
  readonly [name: string]: { readonly ItemProcessor?: { readonly States: AslStates } };
}

/** Every state below `states`, nested Map processors included. */
function statesBelow(states: AslStates): string[] {
  return Object.entries(states).flatMap(([name, state]) => [
    name,
    ...(state.ItemProcessor ? statesBelow(state.ItemProcessor.States) : []),
  ]);
}

/** States of a Distributed Map child: a separate execution in AWS, with its own history. */
const CHILD_STATES = new Set(
  (() => {
    const { States } = synthesizeWorkflowDefinition(STAGE) as unknown as { States: AslStates };
    const job = States[STATE.fetchReports]?.ItemProcessor?.States ?? {};
    return statesBelow(job[DISTRIBUTED_MAP_STATE]?.ItemProcessor?.States ?? {});
  })(),
);

interface LoggedEvent {
  readonly type: string;
  readonly state?: {
    readonly name: string;
    readonly type: string;
    readonly input?: unknown;
    readonly output?: unknown;
  };
  readonly parentState?: { readonly name: string };
}

/** The events the service would write for what the local engine logged (children excluded). */
function serviceEvents(log: readonly LoggedEvent[]): number {
  let events = 0;
  for (const event of log) {
    const parent = event.parentState?.name;
    if (event.state && CHILD_STATES.has(event.state.name)) continue;
    if (parent && (parent === DISTRIBUTED_MAP_STATE || CHILD_STATES.has(parent))) continue;
    if (event.type.startsWith('Execution')) events += 1;
    // Every iteration here succeeds: Started and Succeeded (the local log misses some Succeeded events).
    if (event.type === 'MapIterationStarted') events += EVENTS.iteration;
    if (event.type === 'StateRetried') events += EVENTS.retry;
    if (event.type !== 'StateEntered' || !event.state) continue;
    if (event.state.name === WAIT_FOR_WEBHOOK_STATE) events += EVENTS.taskToken;
    else if (event.state.name === DISTRIBUTED_MAP_STATE) events += EVENTS.distributedMap;
    else if (event.state.type === 'Task') events += EVENTS.task;
    else if (event.state.type === 'Map') events += EVENTS.map;
    else events += EVENTS.flow;
  }
  return events;
}

async function runScripted(scripts: readonly JobScript[]) {
  const log: LoggedEvent[] = [];
  const result = await runWorkflowLocally({
    definition: synthesizeWorkflowDefinition(STAGE),
    steps: fakeSteps(scripts),
    taskTokens: createLocalTaskTokens(),
    pollWaitMs: 0,
    onEvent: (event) => log.push(event as LoggedEvent),
  });
  expect(result.status).toBe('SUCCEEDED');
  return log;
}

const job = (kind: 'sales' | 'financial', from: string) => ({
  kind,
  configurationId: kind === 'sales' ? 1 : 2,
  from,
  to: from.replace(/-01$/, '-28'),
});
const path = (overrides: Partial<JobPath>): JobPath => ({
  waitMode: 'poll',
  checks: [1],
  download: { kind: 'none' },
  endedEarly: false,
  failed: false,
  deleteFailed: false,
  ...overrides,
});

describe('history events of one execution', () => {
  it('equal the budget arithmetic on every path a job can take', async () => {
    expect([...CHILD_STATES]).toContain(STATE.downloadPagesDistributed);
    const log = await runScripted([
      // ERRO after 3 checks, generated again, CONCLUIDO after 2 with 5 batches (inline Map).
      {
        job: job('sales', '2025-01-01'),
        generations: [
          { pending: 2, last: 'ERRO' },
          { pending: 1, last: 'CONCLUIDO' },
        ],
        batches: 5,
      },
      // No page count: 4 calls until empty; Finish job fails, then Delete report fails.
      {
        job: job('financial', '2025-01-01'),
        generations: [{ pending: 0, last: 'CONCLUIDO' }],
        unknownPages: 35,
        finishFails: true,
        deleteFails: true,
      },
      // Deadline passed at the second check.
      { job: job('sales', '2025-02-01'), generations: [{ pending: 1, last: 'DEADLINE' }] },
      // 50 batches: past the threshold of 40, one Distributed Map in this history.
      { job: job('financial', '2025-02-01'), generations: [{ pending: 0, last: 'CONCLUIDO' }], batches: 50 },
      // A short count: 3 batches (30 pages) counted, records up to page 55, read on past the count.
      {
        job: job('sales', '2025-03-01'),
        generations: [{ pending: 0, last: 'CONCLUIDO' }],
        batches: 3,
        unknownPages: 55,
      },
    ]);

    const expected = executionEvents(
      [
        path({ checks: [3, 2], download: { kind: 'inline', chunks: 1, indexes: 5 } }),
        path({ download: { kind: 'pageLoop', calls: 4 }, failed: true, deleteFailed: true }),
        path({ checks: [2], endedEarly: true }),
        path({ download: { kind: 'distributed' } }),
        // Confirm page count, then pages 31–40, 41–50, 51–60 (past page 55: done).
        path({ download: { kind: 'inline', chunks: 1, indexes: 3, pastCountCalls: 3 } }),
      ],
      4,
    );
    expect(serviceEvents(log)).toBe(expected);
  });

  it('bound lookbackDays in the stage: 31 days with the defaults, and the refusal names the key', () => {
    expect(parseStageConfig({ ...STAGE, lookbackDays: 31 }).lookbackDays).toBe(31);
    expect(worstExecutionEvents(budgetSettingsOf(parseStageConfig(STAGE)), 1)).toBeLessThanOrEqual(12_500);
    expect(() => parseStageConfig({ ...STAGE, lookbackDays: 32 })).toThrow(
      /^recon\.lookbackDays: must be ≤ 31 with these settings, got 32: .* history events, over the budget of 12,500/,
    );
    // The sandbox never polls: more windows fit.
    expect(parseStageConfig({ ...STAGE, environment: 'sandbox', lookbackDays: 240 }).lookbackDays).toBe(240);
    // Polling every 5 s until a 3 h deadline, three generations: not even one window fits.
    const polling = () => parseStageConfig({ ...STAGE, polling: { intervalSeconds: 5 } });
    expect(polling).toThrow(ConfigError);
    expect(polling).toThrow(
      /recon\.lookbackDays: no lookbackDays fits with these settings.*polling\.intervalSeconds/,
    );
  });

  it('a backfill starts one execution per window, which every stage that synthesizes fits in', () => {
    const plan = planBackfill('2024-01-01', '2025-06-30');
    expect(plan).toHaveLength(18);
    for (const execution of plan)
      expect(daysBetween(execution.input.from, execution.input.to)).toBeLessThan(WINDOW_DAYS);
    // The deployed Lambdas refuse a longer hand-started period; the local runner gets no bound.
    expect(deployedWorkflowConfigOf(parseStageConfig(STAGE)).maxPeriodDays).toBe(31);
    expect(workflowConfigOf(parseStageConfig(STAGE)).maxPeriodDays).toBeUndefined();
    // The stage is refused unless one window fits: lookbackDays ≥ 1 needs a whole window.
    const settings = budgetSettingsOf(parseStageConfig({ ...STAGE, webhook: { enabled: true } }));
    expect(worstExecutionEvents(settings, 1)).toBeLessThanOrEqual(HISTORY_EVENT_BUDGET);
  });
});

describe('state size', () => {
  /** The largest state any state entered or left, in bytes of JSON. */
  async function largestState(batches: number): Promise<number> {
    const log = await runScripted([
      { job: job('sales', '2025-01-01'), generations: [{ pending: 1, last: 'CONCLUIDO' }], batches },
    ]);
    const sizes = log.flatMap((e) =>
      e.state ? [e.state.input, e.state.output].map((s) => Buffer.byteLength(JSON.stringify(s ?? null))) : [],
    );
    return Math.max(...sizes);
  }

  it('stays under 64 KB at 10,000 batches, the same size as at 10', async () => {
    const small = await largestState(10);
    const large = await largestState(10_000);

    expect(large).toBeLessThan(64 * 1024);
    // Only the digits of the counts grow: nothing in the state is per batch.
    expect(large - small).toBeLessThan(100);
  }, 60_000);
});
