/** Shared pieces of the end-to-end tests: a small simulator dataset and ground-truth comparison. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { CONTRACT_COLUMNS, compareReceivables, readReceivables } from '../../cli/commands/receivables';
import { dataPaths } from '../../cli/runner/data-dir';
import { type LocalRunOptions, runLocalPipeline } from '../../cli/runner/run';
import { parseReconConfig } from '../../lambdas/core/config';
import type { ReceivableView } from '../../lambdas/core/receivables/view';
import type { RunSummary } from '../../lambdas/core/report/types';
import { type ExpectedReceivable, type Simulator, startSimulator } from '../../local/simulator';

/** Two months, two windows per report kind, a few pages each: seconds per run. */
export const PERIOD = { from: '2025-01-01', to: '2025-02-28' } as const;
export const DATASET = { sales: 40, ...PERIOD, recordsPerPage: 25 } as const;
export const CONFIG = parseReconConfig({});

/** Starts the test's simulator (small dataset, fixed seed) and closes it after the test. */
export function simulatorPerTest() {
  let running: Simulator | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  return async (mode: 'sandbox' | 'production', recordsPerPage: number = DATASET.recordsPerPage) => {
    running = await startSimulator({
      mode,
      seed: 7,
      variance: true,
      dataset: { ...DATASET, recordsPerPage },
    });
    return running;
  };
}

/** The HMAC secret the e2e runs register with the simulator's webhooks (test-only value). */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret';

/**
 * `recon run`'s pipeline over {@link PERIOD} against the test's simulator (webhook off unless asked);
 * the stage messages it reported come back with its result.
 */
export async function runAgainst(
  simulator: Simulator,
  options: Pick<LocalRunOptions, 'env' | 'dataDir'> & Partial<Pick<LocalRunOptions, 'webhook'>>,
) {
  const stages: string[] = [];
  const result = await runLocalPipeline({
    webhook: 'off',
    ...options,
    ...PERIOD,
    providerUrl: simulator.url,
    credentials: { ...simulator.credentials, hmacSecret: E2E_WEBHOOK_SECRET },
    reconConfig: CONFIG,
    onProgress: (event) => {
      if (event.type === 'stage') stages.push(event.message);
    },
  });
  return { ...result, stages };
}

export async function tempDataDir(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'recon-e2e-')), 'data');
}

/** The contract's fields, which the simulator's answer key also carries. */
export const CONTRACT_FIELDS = CONTRACT_COLUMNS satisfies readonly (keyof ExpectedReceivable)[];

type Comparable = Pick<ReceivableView, (typeof CONTRACT_FIELDS)[number]>;

export function comparable(r: Comparable): Comparable {
  return Object.fromEntries(CONTRACT_FIELDS.map((f) => [f, r[f]])) as unknown as Comparable;
}

const sorted = (rows: Comparable[]) =>
  rows.map(comparable).sort((a, b) => compareReceivables(a as ReceivableView, b as ReceivableView));

/** The simulator's answer key for what a run covered, with the run's own asOf, grace and tolerance. */
export function groundTruthOf(simulator: Simulator, summary: RunSummary): Comparable[] {
  return sorted(
    simulator.groundTruth({
      from: summary.from,
      to: summary.to,
      asOf: summary.asOf,
      graceDays: CONFIG.graceDays,
      tolerance: CONFIG.tolerance,
    }),
  );
}

/** What `recon receivables` lists for the data directory, as of the run's business date. */
export async function receivablesOf(dataDir: string, summary: RunSummary): Promise<Comparable[]> {
  const paths = dataPaths(dataDir, summary.environment);
  return sorted(await readReceivables({ paths, asOf: summary.asOf, env: {} }));
}
