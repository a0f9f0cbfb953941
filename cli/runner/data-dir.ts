/**
 * Where local commands keep their state under the data directory (default `.recon`): DynamoDB and S3
 * stand-ins persist there so that repeated runs accumulate state the way production does. Each
 * provider environment has its own folder (`<data-dir>/sandbox/`, `<data-dir>/production/`), as
 * each has its own stack in AWS: the sandbox's mock data must never be matched against production's.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseReconConfig, type ReconConfig } from '../../lambdas/core/config';
import { ConfigError, parseConfigJson } from '../../lambdas/core/config-issues';
import { ENV } from '../../lambdas/core/env';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { CliError, UsageError } from '../errors';

export const ENVIRONMENTS = ['sandbox', 'production'] as const satisfies readonly ProviderEnvironment[];

export interface DataPaths {
  /** The environment's own folder inside the data directory. */
  readonly root: string;
  readonly environment: ProviderEnvironment;
  readonly dynamodb: string;
  readonly s3: string;
  readonly lock: string;
  /** Copies of each run's summary.json and report.html, easy to open from the file system. */
  readonly summaries: string;
  /** The local lake mirror DuckDB reads (`recon query`). */
  readonly lake: string;
  /** The nights' events, one JSON Lines file per business date (docs/events.md). */
  readonly events: string;
  readonly lastRun: string;
}

export function dataPaths(dataDir: string, environment: ProviderEnvironment): DataPaths {
  const root = resolve(dataDir, environment);
  return {
    root,
    environment,
    dynamodb: join(root, 'dynamodb'),
    s3: join(root, 's3'),
    lock: join(root, 'run.lock'),
    summaries: join(root, 'summaries'),
    lake: join(root, 'lake'),
    events: join(root, 'events'),
    lastRun: join(root, 'last-run.json'),
  };
}

export function hasLocalState(paths: DataPaths): boolean {
  return existsSync(paths.dynamodb);
}

/** What listings need to know of the environment's latest run. */
export interface LastRun {
  readonly asOf: string;
  /** The business date was chosen (`--as-of`, or the simulator's data), not today's. */
  readonly pinnedAsOf: boolean;
  readonly finishedAt: string;
}

export async function writeLastRun(paths: DataPaths, run: LastRun): Promise<void> {
  await writeFile(paths.lastRun, `${JSON.stringify(run)}\n`);
}

export async function readLastRun(paths: DataPaths): Promise<LastRun | undefined> {
  if (!existsSync(paths.lastRun)) return undefined;
  return JSON.parse(await readFile(paths.lastRun, 'utf8')) as LastRun;
}

/** The environment a listing reads when none is given: the one whose run finished last. */
export async function latestEnvironment(dataDir: string): Promise<ProviderEnvironment> {
  const runs = await Promise.all(
    ENVIRONMENTS.map(async (environment) => ({
      environment,
      finishedAt: (await readLastRun(dataPaths(dataDir, environment)))?.finishedAt ?? '',
    })),
  );
  const [latest] = runs.sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  return latest?.finishedAt ? latest.environment : 'sandbox';
}

/** Name of the table and bucket the local stand-ins hold (any name works locally; these are stable). */
export const LOCAL_TABLE = 'recon';
export const LOCAL_BUCKET = 'recon-lake';

/**
 * Reconciliation settings of local commands: `RECON_CONFIG` (JSON) as in the stack, else defaults.
 * `fallback` holds settings for the keys `RECON_CONFIG` does not set (the simulator's record roles
 * in the demo): a key the user sets is theirs, whole. A typo or a bad value is a
 * usage error (exit 2) that names the setting.
 */
export function loadReconConfig(
  env: Readonly<Record<string, string | undefined>>,
  fallback: Readonly<Record<string, unknown>> = {},
): ReconConfig {
  const raw = env[ENV.reconConfig];
  try {
    const given = raw ? parseConfigJson(raw, ENV.reconConfig) : {};
    const input = isPlainObject(given) ? { ...fallback, ...given } : given;
    return parseReconConfig(input, ENV.reconConfig, ENV.reconConfig);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The paths of the environment a listing reads (`given`, else the latest run's), which must hold
 * local state already.
 */
export async function existingState(dataDir: string, given?: ProviderEnvironment): Promise<DataPaths> {
  const paths = dataPaths(dataDir, given ?? (await latestEnvironment(dataDir)));
  if (!hasLocalState(paths)) {
    throw new CliError(
      `no local ${paths.environment} data in ${resolve(dataDir)}; run \`recon run --env ${paths.environment}\` first.`,
      1,
    );
  }
  return paths;
}
