/**
 * The pure matching core: a receivable is the SET of contributions (A1 forecasts and D1 settlements,
 * each identified by its record identity, counted as often as that identity occurs in one report)
 * that share one match key. Adding a contribution is idempotent and commutative (per-page counts
 * merge by maximum), so the final receivable does not depend on the order records arrive in, nor on
 * how many times a page is re-ingested or a record re-delivered. Everything else (sums, status,
 * reason) is derived from the set, never accumulated.
 */

import type { IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { mergedAccount, recordAccount, withAccount } from '../deposits/bank/record-account';
import type { CanonicalRecord } from '../ingest/records/canonical';
import { type LinkedRole, linkedRoleOf, matchKeyOf } from '../ingest/records/linking';
import { directedCents, type RecordRole, type RoleConfig } from '../ingest/records/roles';
import type { Cents } from '../money';
import { type ForecastSale, saleOf } from './forecast-sale';
import type { RoleContribution } from './lifecycle';
import { countPages, mergeOccurrences, type Occurrences, pruneOccurrences } from './occurrences';
import { placeRecords, sameReading, storedReading, withoutContributions } from './reclassify';

// The key and the linking rule live with the records, where the lake reads them too.
export { linkedRoleOf, matchKeyOf };

/** One A1 (forecast of receipt) that belongs to a receivable. */
export interface Forecast {
  readonly hash: string;
  readonly netCents: Cents;
  /** The record's movement date, where the layout has one (decides which forecast is the latest). */
  readonly movementDate: IsoDate | null;
  readonly occurrences: Occurrences;
  /** What the fee audit reads (docs/fee-audit.md); absent when the record lacks it or was stored without it. */
  readonly sale?: ForecastSale;
}

/** One D1 (write-off by payment) that belongs to a receivable. */
export interface Settlement {
  readonly hash: string;
  readonly netCents: Cents;
  readonly paymentDate: IsoDate | null;
  /** The record's movement date, where the layout has one (payments of different days are distinct). */
  readonly movementDate: IsoDate | null;
  readonly occurrences: Occurrences;
  /** The bank account the payment lands in (deposits/bank/record-account.ts); absent when the record names none. */
  readonly bankAccount?: string;
  /** The key of the receivable a manual match moved it from (breaks/manual-match.ts); absent: its own. */
  readonly origin?: string;
}

/** Descriptive fields of a receivable, taken from its primary contribution (see {@link primaryHash}). */
export interface ReceivableFields {
  readonly acquirer: string | null;
  readonly merchant: string | null;
  readonly saleDate: IsoDate | null;
  readonly nsu: string | null;
  readonly authorization: string | null;
  readonly installment: number | null;
  readonly brand: string | null;
  /** The primary forecast's due date; for a receivable with no forecast, the primary D1's due date. */
  readonly dueDate: IsoDate | null;
}

/** What a receivable IS: order-independent content. Status and bookkeeping live in the store. */
export interface ReceivableContent extends ReceivableFields {
  readonly key: string;
  /** Sorted by hash; which one is compared with the settlements: see `corrections.ts`. */
  readonly forecasts: readonly Forecast[];
  /** Sorted by hash; which ones count: see `corrections.ts`. */
  readonly settlements: readonly Settlement[];
  /** True once a record was refused because the receivable holds `maxContributions` already. */
  readonly capped: boolean;
  /** Cancellations, chargebacks, reversals, advances, adjustments (sorted by hash); absent when none. */
  readonly events?: readonly RoleContribution[];
  /** The receivable a person matched this unexpected payment to: its money counts there (MERGED). */
  readonly mergedInto?: string;
}

export interface ApplyResult {
  readonly receivable: ReceivableContent | undefined;
  /** Records that added a contribution or raised how many times one counts. */
  readonly changed: number;
  /** Records refused because the receivable is full (to be quarantined as TOO_MANY_CONTRIBUTIONS). */
  readonly refused: readonly CanonicalRecord[];
}

type MatcherConfig = Pick<ReconConfig, 'matchKey' | 'maxContributions'> &
  Partial<Pick<ReconConfig, 'placeholderKeyValues'>> &
  RoleConfig;

/**
 * The contribution whose descriptive fields the receivable shows: the forecast with the smallest
 * hash, or (no forecast) the settlement with the smallest hash. A total order on hashes, so the
 * choice is the same whatever order records arrived in.
 */
export function primaryHash(
  content: Pick<ReceivableContent, 'forecasts' | 'settlements' | 'events'>,
): string | undefined {
  return content.forecasts[0]?.hash ?? content.settlements[0]?.hash ?? content.events?.[0]?.hash;
}

/** Orders contributions by hash (code-unit order, the same in every runtime). */
export function byHash(a: { readonly hash: string }, b: { readonly hash: string }): number {
  return a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0;
}

function fieldsOf(record: CanonicalRecord): ReceivableFields {
  return {
    acquirer: record.acquirer,
    merchant: record.merchant,
    saleDate: record.saleDate,
    nsu: record.nsu,
    authorization: record.authorization,
    installment: record.installment,
    brand: record.brand,
    dueDate: record.dueDate,
  };
}

/**
 * Adds records of one receivable (any order, any repetition) to its content. Records sharing an
 * identity count as often as the identity occurs in one report (see `occurrences.ts`), so a
 * re-ingested page, a re-delivered record or a shuffled order changes nothing. Records other than
 * A1/D1, or without a full match key, are not matched. Content that does not change is returned as
 * the very same object. A missing net amount counts as 0 centavos, so the record stays visible (as a
 * difference) instead of being dropped.
 */
export function applyRecords(
  current: ReceivableContent | undefined,
  records: readonly CanonicalRecord[],
  config: MatcherConfig,
): ApplyResult {
  const linkedRecords: { record: CanonicalRecord; linked: LinkedRole }[] = [];
  const leaving: CanonicalRecord[] = [];
  for (const record of records) {
    const key = matchKeyOf(record, config);
    const linked = linkedRoleOf(record, config);
    if (linked === undefined && key !== null && key === current?.key) leaving.push(record);
    if (linked === undefined || key === null) continue;
    if ((current?.key ?? key) !== key) {
      throw new Error(`record ${record.recordHash} does not belong to receivable ${current?.key}`);
    }
    linkedRecords.push({ record, linked });
  }
  const { hashOf, replaced } = placeRecords(current, linkedRecords, leaving);
  const byHash = new Map<string, CanonicalRecord[]>();
  const roles = new Map<string, LinkedRole>();
  for (const { record, linked } of linkedRecords) {
    const hash = hashOf.get(record) as string;
    roles.set(hash, linked);
    const group = byHash.get(hash);
    if (group) group.push(record);
    else byHash.set(hash, [record]);
  }
  let content = current && replaced.size > 0 ? withoutContributions(current, replaced) : current;
  let changed = 0;
  const refused: CanonicalRecord[] = [];
  for (const hash of [...byHash.keys()].sort()) {
    const group = byHash.get(hash) as CanonicalRecord[];
    const result = addContribution(content, hash, group, roles.get(hash) as LinkedRole, config);
    if (result === 'refused') {
      refused.push(...group);
      content = content?.capped ? content : ({ ...content, capped: true } as ReceivableContent);
      continue;
    }
    if (result.raised) changed += group.length;
    content = result.content;
  }
  return { receivable: content, changed, refused };
}

/** One identity's records merged into the content: new contribution, more copies, or more pages seen. */
function addContribution(
  current: ReceivableContent | undefined,
  hash: string,
  group: readonly CanonicalRecord[],
  linked: LinkedRole,
  config: MatcherConfig,
): { content: ReceivableContent | undefined; raised: boolean } | 'refused' {
  const record = group[0] as CanonicalRecord;
  const existing =
    current?.forecasts.find((f) => f.hash === hash) ??
    current?.settlements.find((s) => s.hash === hash) ??
    current?.events?.find((e) => e.hash === hash);
  if (!existing && current && contributionCount(current) >= config.maxContributions) {
    return 'refused';
  }
  const occurrences = mergeOccurrences(existing?.occurrences, countPages(group));
  const account = linked.role === 'FORECAST' ? undefined : accountOf(existing, group);
  const reread = existing !== undefined && !sameReading(storedReading(current, hash), record, linked);
  if (existing && !reread && occurrences === existing.occurrences && account === accountOf(existing, [])) {
    return { content: current, raised: false };
  }
  // An earlier first report or a seam found can change which contributions count: a change too.
  const raised =
    !existing ||
    reread ||
    occurrences.copies > existing.occurrences.copies ||
    occurrences.firstReport !== existing.occurrences.firstReport ||
    occurrences.seam !== existing.occurrences.seam;
  const base: ReceivableContent = current ?? {
    key: matchKeyOf(record, config) as string,
    ...fieldsOf(record),
    forecasts: [],
    settlements: [],
    capped: false,
  };
  const next = withContribution(
    withoutContributions(base, new Set([hash])),
    hash,
    record,
    linked,
    occurrences,
    account,
  );
  const content = !existing && primaryHash(next) === hash ? { ...next, ...fieldsOf(record) } : next;
  return { content, raised };
}

/** The bank account an identity keeps: merged over what is stored and every delivery (any order). */
function accountOf(
  existing: Forecast | Settlement | RoleContribution | undefined,
  group: readonly CanonicalRecord[],
): string | undefined {
  const stored = existing !== undefined && 'bankAccount' in existing ? existing.bankAccount : undefined;
  return group.map(recordAccount).reduce(mergedAccount, stored);
}

function contributionCount(content: ReceivableContent): number {
  return content.forecasts.length + content.settlements.length + (content.events?.length ?? 0);
}

/** The content with the record's contribution (of its role) added or replaced. */
function withContribution(
  base: ReceivableContent,
  hash: string,
  record: CanonicalRecord,
  { role, sign }: LinkedRole,
  occurrences: Occurrences,
  bankAccount: string | undefined,
): ReceivableContent {
  const { movementDate, paymentDate } = record;
  const netCents = directedCents(role as RecordRole, record.netCents, sign);
  if (role === 'FORECAST') {
    const sale = saleOf(record);
    const forecast = { hash, netCents, movementDate, occurrences, ...(sale ? { sale } : {}) };
    return { ...base, forecasts: replaced(base.forecasts, forecast) };
  }
  if (role === 'PAYMENT') {
    const settlement = {
      hash,
      netCents,
      paymentDate,
      movementDate,
      occurrences,
      ...withAccount(bankAccount),
    };
    return { ...base, settlements: replaced(base.settlements, settlement) };
  }
  const feeCents = role === 'ADVANCE' ? Math.abs(record.feeCents ?? 0) : null;
  const event = {
    hash,
    role,
    netCents,
    feeCents,
    paymentDate,
    movementDate,
    occurrences,
    ...withAccount(bankAccount),
  };
  return { ...base, events: replaced(base.events ?? [], event) };
}

/** The list with `item` in place of the entry of the same hash (or added), sorted by hash. */
function replaced<T extends { readonly hash: string }>(list: readonly T[], item: T): readonly T[] {
  return [...list.filter((entry) => entry.hash !== item.hash), item].sort(byHash);
}

/** How many times a contribution counts. */
export function copiesOf(contribution: { readonly occurrences: Occurrences }): number {
  return contribution.occurrences.copies;
}

/** Page counts of reports past the retention window dropped (see `occurrences.ts`). */
export function pruneContent(content: ReceivableContent, asOf: IsoDate): ReceivableContent {
  const prune = <T extends Forecast | Settlement | RoleContribution>(c: T): T => {
    const occurrences = pruneOccurrences(c.occurrences, asOf);
    return occurrences === c.occurrences ? c : { ...c, occurrences };
  };
  const pruned = {
    ...content,
    forecasts: content.forecasts.map(prune),
    settlements: content.settlements.map(prune),
  };
  return content.events === undefined ? pruned : { ...pruned, events: content.events.map(prune) };
}
