/**
 * What every `recon breaks` command opens: the data directory's table (under the run lock, so no run
 * writes while a person decides), the breaks service over it as the deployed inbox opens it (its
 * bucket: the kept action list, and each decision's event goes to the lake as it is written; the
 * receivables' side of a manual match), the business date the listing is for and who is acting.
 */
import { userInfo } from 'node:os';
import type { BreakRecordsOf } from '../../lambdas/core/breaks/records';
import type { Breaks } from '../../lambdas/core/breaks/service';
import { businessDate, type IsoDate } from '../../lambdas/core/calendar';
import type { ReconConfig } from '../../lambdas/core/config';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { buildBreakRecordsService, buildBreaksService } from '../../lambdas/runtime/deps/breaks';
import { CliError } from '../errors';
import type { CliIo } from '../io';
import { existingState, loadReconConfig, readLastRun } from '../runner/data-dir';
import { withLocalStores } from '../runner/local-stores';

/** Exit codes of decisions (docs/cli-reference.md): the break changed since read; not allowed. */
export const CONFLICT_EXIT_CODE = 3;
export const REFUSED_EXIT_CODE = 4;
/** `recon breaks verify` found an event altered, missing or out of its chain. */
export const TAMPERED_EXIT_CODE = 5;

export interface SessionOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly asOf?: string;
}

export interface Session {
  readonly breaks: Breaks;
  /** The records behind a break (the inbox's break page). */
  readonly records: BreakRecordsOf;
  readonly asOf: IsoDate;
  readonly config: ReconConfig;
}

export async function withBreaks<T>(
  options: SessionOptions,
  io: CliIo,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const paths = await existingState(options.dataDir, options.env);
  const lastRun = await readLastRun(paths);
  const asOf = options.asOf ?? (lastRun?.pinnedAsOf ? lastRun.asOf : businessDate(new Date()));
  const config = loadReconConfig(io.env);
  return withLocalStores(
    paths,
    ({ dynamo, s3 }) => {
      const wiring = {
        ddb: dynamo.documentClient,
        tableName: dynamo.tableName,
        s3: s3.client,
        bucket: s3.bucket,
        reconConfig: config,
        now: () => new Date(),
        // A manual match writes receivables as of the business date read, logged for the next night.
        matchAsOf: () => asOf,
      };
      const breaks = buildBreaksService(wiring);
      return work({ breaks, records: buildBreakRecordsService(wiring), asOf, config });
    },
    io.signal,
  );
}

/**
 * Who is deciding: `--as`, else RECON_OPERATOR, else the local user. Refused (exit 4) when
 * `breaks.operators` is set and does not name them: they may read, not decide.
 */
export function actorOf(given: string | undefined, io: CliIo, config: ReconConfig): string {
  const actor = (given ?? io.env.RECON_OPERATOR ?? userInfo().username).trim();
  if (actor === '') throw new CliError('say who decides: --as <name> or RECON_OPERATOR', 2);
  const { operators } = config.breaks;
  if (operators.length > 0 && !operators.includes(actor)) {
    throw new CliError(`${actor} may read breaks but not decide: not in breaks.operators`, REFUSED_EXIT_CODE);
  }
  return actor;
}

/** The break a full id or a short reference names, among those listed for `asOf`. */
export async function resolveBreakId(breaks: Breaks, given: string, asOf: IsoDate): Promise<string> {
  if (given.includes(':')) return given;
  const matches = (await breaks.list(asOf)).filter((b) => b.ref.startsWith(given.toLowerCase()));
  if (matches.length === 1 && matches[0]) return matches[0].id;
  throw new CliError(
    matches.length === 0 ? `no break ${given}` : `${given} names ${matches.length} breaks: type more of it`,
    2,
  );
}
