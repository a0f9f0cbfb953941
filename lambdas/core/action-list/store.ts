/**
 * The action list kept night to night in the bucket: one gzipped JSON-lines object per summarized
 * night, `reconciliation/action-list/as_of=<date>.jsonl.gz`. A night reads the latest list, applies
 * what the touched log (receivable-store/touched.ts) holds since that list's date, its own date
 * included (its log may have grown after the list was written), and writes its own: work follows the
 * night's changes, and one object read and one written, whatever the number of receivables in it.
 *
 * Whoever lists what needs action between nights (`recon breaks list`, the inbox) reads the latest
 * list brought up to date the same way, without writing it.
 *
 * The list is rebuilt from a parallel Scan of the receivables (the whole table read: the cost the
 * kept list avoids) when it cannot be trusted, and the reason is logged:
 * - no list is kept yet (the first night, or the lists expired after a long pause);
 * - a list or a log is dated after the night (a run for an earlier date came after later ones);
 * - its counts per state differ from the book's kept totals, which every write updates: a change the
 *   log missed (a batch that wrote and was never retried) shows there, and is never listed on a guess.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { LargestOf } from '../book/reader';
import { addDays, type IsoDate } from '../calendar';
import { readReceivables } from '../receivable-store/batch-read';
import type { TouchedLog } from '../receivable-store/touched';
import { STORED_ACTION_STATES, type StoredActionState } from '../receivables/action-states';
import type { Receivable } from '../receivables/item';
import { forEachScannedPage, type TableDeps } from '../receivables/queries';
import {
  type ActionEntry,
  applyChanges,
  countsByState,
  type EntryConfig,
  entryOf,
  largestByState,
  liveEntries,
} from './entries';

export const ACTION_LIST_PREFIX = 'reconciliation/action-list/';
/** Days a kept list stays in the bucket (a lifecycle rule): the next night needs only the latest. */
export const ACTION_LIST_DAYS = 35;
const DATED = /as_of=(\d{4}-\d{2}-\d{2})\.jsonl\.gz$/;
export const actionListKey = (asOf: IsoDate) => `${ACTION_LIST_PREFIX}as_of=${asOf}.jsonl.gz`;

export interface ActionListDeps extends TableDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly config: EntryConfig;
  readonly touched: Pick<TouchedLog, 'batchesOf' | 'datesBetween'>;
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
}

/** The night's list, and whether it was kept from the last one or rebuilt from a Scan (and why). */
export interface ActionList {
  readonly entries: readonly ActionEntry[];
  readonly rebuilt?: string;
}

export function buildActionList(deps: ActionListDeps) {
  const { s3, bucket } = deps;

  async function listedDates(): Promise<IsoDate[]> {
    const dates: IsoDate[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: ACTION_LIST_PREFIX, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const date = object.Key?.match(DATED)?.[1];
        if (date !== undefined) dates.push(date);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return dates.sort();
  }

  async function readList(asOf: IsoDate): Promise<Map<string, ActionEntry>> {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: actionListKey(asOf) }));
    const text = gunzipSync(await (object.Body?.transformToByteArray() ?? new Uint8Array())).toString('utf8');
    const entries = text.split('\n').flatMap((line) => (line ? [JSON.parse(line) as ActionEntry] : []));
    return new Map(entries.map((e) => [e.k, e]));
  }

  /** The list, and in its metadata whether it was kept or rebuilt, and why (for whoever looks at it). */
  async function writeList(asOf: IsoDate, entries: readonly ActionEntry[], rebuilt?: string): Promise<void> {
    const body = gzipSync(entries.map((e) => JSON.stringify(e)).join('\n'));
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: actionListKey(asOf),
        Body: body,
        ContentType: 'application/gzip',
        Metadata: rebuilt === undefined ? { made: 'kept' } : { made: 'rebuilt', reason: rebuilt },
      }),
    );
  }

  /** Each changed receivable's highest version in the log of `dates`; keys logged without a state are read. */
  async function changedOn(dates: readonly IsoDate[]): Promise<Receivable[]> {
    const latest = new Map<string, Receivable>();
    const unstated = new Set<string>();
    for (const date of dates) {
      for await (const batch of deps.touched.batchesOf(date)) {
        for (const r of batch.receivables) {
          const kept = latest.get(r.key);
          if (kept === undefined || kept.version < r.version) latest.set(r.key, r);
        }
        for (const key of batch.keysWithoutState) unstated.add(key);
      }
    }
    const read = await readReceivables(
      deps,
      [...unstated].filter((key) => !latest.has(key)),
    );
    return [...latest.values(), ...read.values()];
  }

  /** The kept list brought up to the night, or why it cannot be. */
  async function kept(asOf: IsoDate): Promise<ActionEntry[] | string> {
    const dates = await listedDates();
    if (dates.some((date) => date > asOf)) return 'a list is dated after the night';
    const base = dates.at(-1);
    if (base === undefined) return 'no list kept yet';
    const logged = await deps.touched.datesBetween(addDays(base, -1), '9999-12-31');
    if (logged.some((date) => date > asOf)) return 'the touched log has nights after this one';
    const entries = applyChanges(await readList(base), await changedOn(logged), asOf, deps.config);
    return liveEntries(entries.values(), asOf);
  }

  return {
    /**
     * The night's list, written for the next night. `bookCounts` are the book's kept totals per action
     * state; a list that disagrees is rebuilt from a Scan.
     */
    async load(asOf: IsoDate, bookCounts: ReadonlyMap<string, number>): Promise<ActionList> {
      const found = await kept(asOf);
      const rebuilt = typeof found === 'string' ? found : disagreement(found, bookCounts);
      const entries = rebuilt === undefined ? (found as ActionEntry[]) : await actionListFromScan(deps, asOf);
      if (rebuilt !== undefined)
        deps.warn?.('Action list rebuilt from a scan of the receivables', { asOf, reason: rebuilt });
      await writeList(asOf, entries, rebuilt);
      if (rebuilt === undefined) return { entries };
      return { entries, rebuilt };
    },

    /**
     * What needs action on `asOf` between nights: the latest list and the log since, written nowhere;
     * built as a rebuild is when no list can be kept up to it (none yet, or one dated after `asOf`).
     */
    async read(asOf: IsoDate): Promise<ActionEntry[]> {
      const found = await kept(asOf);
      return typeof found === 'string' ? actionListFromScan(deps, asOf) : found;
    },
  };
}

/**
 * Every receivable in an action state, from a parallel Scan of the table (only those come back):
 * what the kept list saves reading.
 */
export async function actionListFromScan(
  deps: TableDeps & { readonly config: EntryConfig },
  asOf: IsoDate,
): Promise<ActionEntry[]> {
  const entries: ActionEntry[] = [];
  await forEachScannedPage(deps, { statuses: STORED_ACTION_STATES }, (page) => {
    for (const r of page) {
      const entry = entryOf(r, asOf, deps.config);
      if (entry) entries.push(entry);
    }
  });
  // Segments answer in any order: by key, the same table writes the same list.
  return liveEntries(entries, asOf).sort((a, b) => a.k.localeCompare(b.k));
}

/** The book's largest items from a Scan, for a reader that keeps no list (`recon totals`). */
export function largestFromScan(deps: TableDeps & { readonly config: EntryConfig }): LargestOf {
  return async (asOf) => largestByState(await actionListFromScan(deps, asOf));
}

/** The first state whose count differs from the book's, in words; undefined when all agree. */
function disagreement(
  entries: readonly ActionEntry[],
  bookCounts: ReadonlyMap<string, number>,
): string | undefined {
  const counts = countsByState(entries);
  const differs = STORED_ACTION_STATES.find(
    (state: StoredActionState) => (counts.get(state) ?? 0) !== (bookCounts.get(state) ?? 0),
  );
  if (differs === undefined) return undefined;
  return `${differs}: ${counts.get(differs) ?? 0} kept, ${bookCounts.get(differs) ?? 0} in the book's totals`;
}
