/**
 * Under which hash a record's contribution is kept in its receivable, when the configuration that
 * reads it (roles, rule values, sign) is not part of the identity (`ingest/records/identity.ts`).
 *
 * - A stored contribution of the same identity that came from ANOTHER report is the same record read
 *   under an earlier configuration: the record takes its place with its new role and amount
 *   (reclassified, never added beside it). A re-run after a change of `recordRoles` or `recordSign`
 *   therefore re-reads stored records instead of counting them twice.
 * - Records of one identity that the configuration reads differently within ONE report (a chargeback
 *   and its reversal of one amount and day) are different records: each reading is kept under its own
 *   variant hash `<identity>~<role><sign>`, the reading already stored under the plain identity keeping
 *   it, so the pair counts as a pair whatever order pages arrive in.
 * - A contribution stored under the identity an earlier version computed (`formerHash`) is the same
 *   record too: it is replaced by the one under the current identity.
 */
import type { CanonicalRecord } from '../ingest/records/canonical';
import type { LinkedRole } from '../ingest/records/linking';
import { directedCents, type RecordRole } from '../ingest/records/roles';
import type { RoleContribution } from './lifecycle';
import { type Occurrences, reportOf } from './occurrences';

type Stored = { readonly hash: string; readonly netCents: number; readonly occurrences: Occurrences };

/** What this module reads of a receivable's content (matcher.ts), without importing the matcher. */
interface Contributions {
  readonly forecasts: readonly Stored[];
  readonly settlements: readonly Stored[];
  readonly events?: readonly RoleContribution[];
}

interface StoredReading {
  readonly role: RecordRole;
  readonly netCents: number;
  readonly occurrences: Occurrences;
}

/** The stored contribution of `hash`, with the role it was read with. */
export function storedReading(content: Contributions | undefined, hash: string): StoredReading | undefined {
  if (content === undefined) return undefined;
  const forecast = content.forecasts.find((f) => f.hash === hash);
  if (forecast) return { role: 'FORECAST', netCents: forecast.netCents, occurrences: forecast.occurrences };
  const settlement = content.settlements.find((s) => s.hash === hash);
  if (settlement)
    return { role: 'PAYMENT', netCents: settlement.netCents, occurrences: settlement.occurrences };
  return content.events?.find((e) => e.hash === hash);
}

/** Whether the stored contribution was read as `record` reads now (same role, same directed amount). */
export function sameReading(
  stored: StoredReading | undefined,
  record: CanonicalRecord,
  linked: LinkedRole,
): boolean {
  const netCents = directedCents(linked.role as RecordRole, record.netCents, linked.sign);
  return stored !== undefined && stored.role === linked.role && stored.netCents === netCents;
}

function variantOf(hash: string, linked: LinkedRole): string {
  return `${hash}~${linked.role}${linked.sign < 0 ? '-' : '+'}`;
}

/** The reports an identity's stored occurrences were counted in (empty once pruned). */
function reportsOf(occurrences: Occurrences): Set<string> {
  return new Set(Object.keys(occurrences.pages).map(reportOf));
}

export interface Placement {
  /** The hash each record's contribution is kept under. */
  readonly hashOf: ReadonlyMap<CanonicalRecord, string>;
  /** Stored contributions the batch's records take the place of (earlier readings, former identities). */
  readonly replaced: ReadonlySet<string>;
}

/**
 * Where each record of a batch goes in `current`, given its linked role (records of one identity
 * read alike share one hash).
 */
export function placeRecords(
  current: Contributions | undefined,
  records: readonly { readonly record: CanonicalRecord; readonly linked: LinkedRole }[],
  leaving: readonly CanonicalRecord[] = [],
): Placement {
  const readings = new Map<string, Set<string>>();
  for (const { record, linked } of records) {
    const set = readings.get(record.recordHash) ?? new Set<string>();
    set.add(variantOf('', linked));
    readings.set(record.recordHash, set);
  }
  const hashOf = new Map<CanonicalRecord, string>();
  const replaced = new Set<string>();
  for (const { record, linked } of records) {
    const hash = record.recordHash;
    if (record.formerHash !== undefined && storedReading(current, record.formerHash)) {
      replaced.add(record.formerHash);
    }
    const variant = variantOf(hash, linked);
    const readTwiceHere = (readings.get(hash)?.size ?? 1) > 1;
    const stored = storedReading(current, hash);
    if (storedReading(current, variant) !== undefined) hashOf.set(record, variant);
    else if (stored === undefined) hashOf.set(record, readTwiceHere ? variant : hash);
    else if (sameReading(stored, record, linked)) hashOf.set(record, hash);
    else if (reportsOf(stored.occurrences).has(reportOfRecord(record))) hashOf.set(record, variant);
    else if (readTwiceHere) {
      // An earlier reading from another report, where this report's records read two ways now.
      replaced.add(hash);
      hashOf.set(record, variant);
    } else hashOf.set(record, hash);
  }
  const held = new Set(hashOf.values());
  for (const record of leaving) {
    for (const hash of readingsOf(current, record)) if (!held.has(hash)) replaced.add(hash);
  }
  return { hashOf, replaced };
}

/**
 * The stored readings of the record's identity (plain, as a variant, or under its former hash) that
 * another report brought: within the record's own report, a reading of the same identity is another
 * record (a chargeback beside an unconfigured code of one amount and day), never this one.
 */
function readingsOf(current: Contributions | undefined, record: CanonicalRecord): string[] {
  if (current === undefined) return [];
  return [...current.forecasts, ...current.settlements, ...(current.events ?? [])]
    .filter((stored) => isEarlierReadingOf(record, stored))
    .map((stored) => stored.hash);
}

/**
 * Whether a stored contribution (or account-level entry) is `record` as another report brought it:
 * its identity, a variant of it or its former hash, never counted in the record's own report.
 */
export function isEarlierReadingOf(
  record: CanonicalRecord,
  stored: { readonly hash: string; readonly occurrences: Occurrences },
): boolean {
  const { hash } = stored;
  const ofRecord =
    hash === record.recordHash || hash.startsWith(`${record.recordHash}~`) || hash === record.formerHash;
  return ofRecord && !reportsOf(stored.occurrences).has(reportOfRecord(record));
}

function reportOfRecord(record: CanonicalRecord): string {
  return `${record.source.generatedOn}|${record.source.reportId}`;
}

/** The content without the contributions of `hashes` (wherever they are kept). */
export function withoutContributions<T extends Contributions>(content: T, hashes: ReadonlySet<string>): T {
  const keep = <T extends { readonly hash: string }>(list: readonly T[]) =>
    list.filter((c) => !hashes.has(c.hash));
  const trimmed = { ...content, forecasts: keep(content.forecasts), settlements: keep(content.settlements) };
  return content.events === undefined ? trimmed : { ...trimmed, events: keep(content.events) };
}
