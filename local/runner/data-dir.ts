/**
 * Where a local run keeps its state under the data directory (default `.recon`): DynamoDB and S3
 * stand-ins persist there so that repeated runs accumulate state the way production does.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseReconConfig, type ReconConfig } from '../../lambdas/core/config';
import { ENV } from '../../lambdas/core/env';

export interface DataPaths {
  readonly root: string;
  readonly dynamodb: string;
  readonly s3: string;
  readonly lock: string;
  /** Copies of each run's summary.json and report.html, easy to open from the file system. */
  readonly summaries: string;
}

export function dataPaths(dataDir: string): DataPaths {
  const root = resolve(dataDir);
  return {
    root,
    dynamodb: join(root, 'dynamodb'),
    s3: join(root, 's3'),
    lock: join(root, 'run.lock'),
    summaries: join(root, 'summaries'),
  };
}

export function hasLocalState(paths: DataPaths): boolean {
  return existsSync(paths.dynamodb);
}

/** Name of the table and bucket the local stand-ins hold (any name works locally; these are stable). */
export const LOCAL_TABLE = 'recon';
export const LOCAL_BUCKET = 'recon-lake';

/** Reconciliation settings of local commands: `RECON_CONFIG` (JSON) as in the stack, else defaults. */
export function loadReconConfig(env: Readonly<Record<string, string | undefined>>): ReconConfig {
  const raw = env[ENV.reconConfig];
  return parseReconConfig(raw ? JSON.parse(raw) : {});
}
