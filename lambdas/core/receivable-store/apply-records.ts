/**
 * The receivables store over recon's single DynamoDB table. One page of records costs: one
 * BatchGet per 100 distinct keys but the forecast keys a sample shows to be new (presumed-new.ts),
 * then at most ONE conditional PutItem per key whose contribution set grew (a re-ingested page
 * writes nothing). Lost races are retried by {@link buildReceivableWriter}.
 * The call's writes move the book totals by one delta (book/recorder.ts): two updates of the
 * totals item per call that wrote anything, none per record.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type AccountRecord, buildAccountStore } from '../account-items/account-items';
import { buildTotalsStore } from '../book/book-store';
import { inTotalsBatch } from '../book/recorder';
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import type { MatchKeyField, ReconConfig } from '../config';
import type { CanonicalRecord } from '../ingest/records/canonical';
import { classifierOf } from '../ingest/records/roles';
import { archivedCandidate, horizonCutoff } from '../receivables/horizon';
import type { Receivable } from '../receivables/item';
import {
  applyRecords as applyToContent,
  linkedRoleOf,
  matchKeyOf,
  pruneContent,
} from '../receivables/matcher';
import { collect, type ScanOptions, scanPages } from '../receivables/queries';
import { followMerged } from './links';
import { readOrPresumeNew } from './presumed-new';
import type { TouchedLog } from './touched';
import { buildReceivableWriter, type Decide } from './writer';

export interface ReceivableStoreDeps {
  readonly ddb: Pick<DynamoDBDocumentClient, 'send'>;
  readonly tableName: string;
  readonly config: ReconConfig;
  /** Business date the written status is derived for. */
  readonly asOf: () => IsoDate;
  readonly now: () => Date;
  /** Conditional writes in flight at once per call. @default 16 */
  readonly concurrency?: number;
  /** @default 10 */
  readonly maxAttempts?: number;
  /**
   * Where each batch logs the keys it touched, for the nightly change export, and how far back the
   * log goes (the hot-table horizon's evidence). Absent: nothing logged, no record taken as archived.
   */
  readonly touched?: Pick<TouchedLog, 'record' | 'firstDate'>;
}

export interface ApplyCounts {
  /** Records that added a contribution to their receivable. */
  readonly changed: number;
  /** A1/D1 records already present (re-ingested). */
  readonly unchanged: number;
  /**
   * Records applied nowhere: without a role (`recordRoles`; by default every code but A1 and D1),
   * IGNORE, or a receivable's role without a complete match key. (Account-level records, FEE and
   * ADJUSTMENT without a key, count as changed or unchanged.)
   */
  readonly ignored: number;
  /** PutItem requests sent, rejected ones included. */
  readonly writes: number;
  /** Conditional writes rejected because another writer got there first (then retried). */
  readonly conflicts: number;
  /** Records refused because their receivable is full: the caller quarantines them (TOO_MANY_CONTRIBUTIONS). */
  readonly refused: readonly CanonicalRecord[];
  /** Records whose receivable may have left the hot table (horizon.ts): quarantined as ARCHIVED_RECEIVABLE. */
  readonly archived: readonly CanonicalRecord[];
}

export interface ReceivableStore {
  applyRecords(records: readonly CanonicalRecord[]): Promise<ApplyCounts>;
  get(keyFields: Partial<Pick<CanonicalRecord, MatchKeyField>>): Promise<Receivable | undefined>;
  scanAll(options?: ScanOptions): Promise<Receivable[]>;
}

/**
 * Records by receivable key, the account-level ones, and how many go nowhere. A record with a
 * complete key that links to no receivable (its role is account-level, IGNORE or none) is also
 * listed under its key (`leaving`): a receivable that holds it from an earlier configuration gives
 * it up.
 */
function groupByKey(records: readonly CanonicalRecord[], config: ReconConfig) {
  const groups = new Map<string, CanonicalRecord[]>();
  const withForecast = new Set<string>();
  const leaving = new Map<string, CanonicalRecord[]>();
  const accountLevel: AccountRecord[] = [];
  let ignored = 0;
  const classifier = classifierOf(config);
  // Lifecycle records and records read as nothing: an earlier configuration may have kept them at the
  // account level. Forecasts and payments never are.
  const releasing: CanonicalRecord[] = [];
  for (const record of records) {
    const key = matchKeyOf(record, config);
    const linked = linkedRoleOf(record, config);
    if (linked === undefined || key === null) {
      if (key !== null) leaving.set(key, [...(leaving.get(key) ?? []), record]);
      const classified = classifier.classify(record);
      const role = classified?.role;
      if (classified && (role === 'FEE' || role === 'ADJUSTMENT')) {
        accountLevel.push({ record, role, sign: classified.sign });
      } else {
        ignored += 1;
        if (classified) releasing.push(record);
      }
      continue;
    }
    if (linked.role !== 'FORECAST' && linked.role !== 'PAYMENT') releasing.push(record);
    if (linked.role === 'FORECAST') withForecast.add(key);
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  return { groups, withForecast, leaving, accountLevel, releasing, ignored };
}

export function buildReceivableStore(deps: ReceivableStoreDeps): ReceivableStore {
  const { config } = deps;
  const writer = buildReceivableWriter(deps);
  const accounts = buildAccountStore({ ...deps, reasonColumns: config.recordReasonColumns ?? [] });
  const totals = { totals: buildTotalsStore(deps), config, now: deps.now };

  async function applyRecords(records: readonly CanonicalRecord[]): Promise<ApplyCounts> {
    const { groups, withForecast, leaving, accountLevel, releasing, ignored } = groupByKey(records, config);
    const keys = [...new Set([...groups.keys(), ...leaving.keys()])];
    const { seen, presumedNew } = await readOrPresumeNew(deps, keys, (key) => withForecast.has(key));
    const asOf = deps.asOf();
    const account = accountLevel.length > 0 ? await accounts.apply(accountLevel, asOf) : undefined;
    const released = releasing.length > 0 ? await accounts.release(releasing) : undefined;
    let changed = account?.changed ?? 0;
    let writes = (account?.writes ?? 0) + (released?.writes ?? 0);
    let conflicts = 0;
    const refused: CanonicalRecord[] = [];
    const cutoff = horizonCutoff(asOf, config);
    let first: Promise<IsoDate | null> | undefined;
    const firstLogged = () => {
      first ??= deps.touched?.firstDate() ?? Promise.resolve(null);
      return first;
    };
    const archived = new Map<string, readonly CanonicalRecord[]>();
    // Each key's item after this batch: what the touched log records for the export and aging.
    const latest = new Map<string, Receivable>();
    await inTotalsBatch(totals, (observer) =>
      mapWithConcurrency(keys, deps.concurrency ?? 16, async (key) => {
        const group = groups.get(key) ?? [];
        let result: ReturnType<typeof applyToContent> | undefined;
        // Records that only leave start nothing: no receivable, nothing to give up.
        const maybeArchived = group.length > 0 && (await archivedCandidate(group, cutoff, firstLogged));
        const decide: Decide = (current) => {
          // Never start a receivable that may live on in the lake only (read again after a lost race).
          if (current === undefined && maybeArchived) {
            archived.set(key, group);
            result = undefined;
            return undefined;
          }
          archived.delete(key);
          if (current === undefined && group.length === 0) return undefined;
          result = applyToContent(current, [...group, ...(leaving.get(key) ?? [])], config);
          const next = result.receivable;
          return next === undefined || next === current ? undefined : pruneContent(next, asOf);
        };
        // "Absent" must be read before it may mean archived; otherwise a presumption is checked by the put.
        const presumed = presumedNew.has(key);
        const unread = presumed && !maybeArchived;
        const stored = presumed && maybeArchived ? await writer.read(key) : seen.get(key);
        const outcome = await writer.update(key, stored, asOf, decide, observer);
        if (outcome.receivable) latest.set(key, outcome.receivable);
        // Matched by hand: what the payment's receivable gained follows to the forecast's.
        const followed =
          outcome.written && outcome.receivable
            ? await followMerged(writer, outcome.receivable, asOf, observer)
            : undefined;
        if (followed) latest.set(followed.key, followed);
        changed += result?.changed ?? 0;
        refused.push(...(result?.refused ?? []));
        writes += outcome.writes;
        // A put refused because the presumed-new item existed is a read, not a race with another writer.
        conflicts += unread && outcome.conflicts > 0 ? outcome.conflicts - 1 : outcome.conflicts;
      }),
    );
    // An archived key has no item (that is what made it archived), so nothing of it is logged.
    await deps.touched?.record(asOf, [...latest.values()]);
    const held = [...archived.values()].flat();
    const unchanged = records.length - ignored - changed - refused.length - held.length;
    return { changed, unchanged, ignored, writes, conflicts, refused, archived: held };
  }

  return {
    applyRecords,
    async get(keyFields) {
      const key = matchKeyOf(keyFields, config);
      return key === null ? undefined : writer.read(key);
    },
    scanAll: (options) => collect(scanPages(deps, options)),
  };
}
