/**
 * Who is writing to the book totals, and whether an unapplied batch is damage or just still running
 * (docs/scale.md, "Concurrent batches and lost answers").
 *
 * Every batch that writes receivables registers an attempt id in the totals item's `started` set
 * before its first write and adds its delta (marking the id `applied`) after its last. Several
 * executions run batches at once (`recon backfill` starts one per window), so a started-but-unapplied
 * id is usually a batch that is simply still running. It means damage only when the batch can no
 * longer apply: it gave up (`abandoned`: one of its writes is in doubt) or it is older than any batch
 * can live. The id therefore carries its start time, and a batch stops writing once it is
 * {@link WRITE_BUDGET_MS} old (a Lambda is killed at 15 minutes anyway), so a marker older than
 * {@link LEASE_MS} belongs to a batch whose writes have all landed.
 */
import { randomBytes } from 'node:crypto';

/** How long a batch may send receivable writes after it started: the longest a Lambda can run. */
export const WRITE_BUDGET_MS = 15 * 60_000;

/**
 * Age from which an unapplied batch is dead: its write budget plus a margin for a last write the SDK
 * was still retrying and for clocks that differ between Lambdas.
 */
export const LEASE_MS = 2 * WRITE_BUDGET_MS;

/** Separates the start instant from the unique part of an attempt id (an ISO instant has no `/`). */
const START_SEPARATOR = '/';
/** Separates an attempt id from its chunk number in a chunk marker (`<attempt>#<n>`). */
const CHUNK_SEPARATOR = '#';

/** A start written in base 36 milliseconds (an ISO instant always has `-` and `:`). */
const BASE36_START = /^[0-9a-z]{1,11}$/;

/**
 * A new attempt id, `<start in base-36 milliseconds>/<72 random bits>`, 21 characters. Every batch
 * writes its id to each totals shard several times (started, each chunk, applied) and every update
 * of a shard is billed by its whole size, so the id's length is paid many times a night: the
 * `<ISO start>/<uuid>` of earlier versions (61 characters) is still read.
 */
export function newAttemptId(start: Date): string {
  return `${start.getTime().toString(36)}${START_SEPARATOR}${randomBytes(9).toString('base64url')}`;
}

/** When the attempt started (milliseconds), or undefined for an id without one (an older version's). */
export function attemptStart(attempt: string): number | undefined {
  const at = attempt.indexOf(START_SEPARATOR);
  const written = at > 0 ? attempt.slice(0, at) : '';
  const start = BASE36_START.test(written) ? Number.parseInt(written, 36) : Date.parse(written);
  return Number.isNaN(start) ? undefined : start;
}

/** The marker of chunk `index` of an attempt's delta. */
export const chunkMarker = (attempt: string, index: number) => `${attempt}${CHUNK_SEPARATOR}${index}`;

/** The attempt an `applied` entry belongs to (a chunk marker or the bare attempt id). */
export const attemptOf = (marker: string) => marker.split(CHUNK_SEPARATOR)[0] ?? marker;

/** The marker sets of the totals item. */
export interface TotalsMarkers {
  readonly started: readonly string[];
  readonly applied: readonly string[];
  readonly abandoned: readonly string[];
}

export const NO_MARKERS: TotalsMarkers = { started: [], applied: [], abandoned: [] };

export interface MarkerVerdict {
  /** Started, not applied, may still apply: their writes may be in the table and not in the cells. */
  readonly live: readonly string[];
  /** Started, never going to apply: the cells miss their writes, only a recount restores them. */
  readonly dead: readonly string[];
  /** The markers of finished attempts: checked, and safe to forget. */
  readonly finished: TotalsMarkers;
}

/** Sorts the attempts of the marker sets into live, dead and finished as of `now`. */
export function judgeMarkers(markers: TotalsMarkers, now: Date): MarkerVerdict {
  const applied = new Set(markers.applied);
  const abandoned = new Set(markers.abandoned);
  const live: string[] = [];
  const dead: string[] = [];
  for (const attempt of markers.started) {
    if (applied.has(attempt)) continue;
    const start = attemptStart(attempt);
    const alive = !abandoned.has(attempt) && start !== undefined && now.getTime() - start < LEASE_MS;
    (alive ? live : dead).push(attempt);
  }
  // An attempt is finished once its bare id is applied (its last chunk, or counted by a recount).
  const done = (marker: string) => applied.has(attemptOf(marker));
  return {
    live,
    dead,
    finished: {
      started: markers.started.filter(done),
      applied: markers.applied.filter(done),
      abandoned: markers.abandoned.filter(done),
    },
  };
}
