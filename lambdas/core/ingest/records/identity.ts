/**
 * Record identity: what makes a re-delivered record a no-op, in DynamoDB (the receivable's
 * contributions) and in the lake (`record_hash`): one definition for both.
 *
 * The provider gives no record id, and one record comes back in later reports rendered differently
 * (another date or amount format, key case, a number instead of a string, a per-report sequence
 * column, a column added by a new provider version). So the identity is built from the record's
 * MEANING, never from its bytes: SHA-256 over its record type, the match-key fields (identifiers
 * normalized), the three amounts in centavos and the three dates in ISO form, plus the source
 * columns named in `ReconConfig.identityColumns` (a payment id, when the real layout has one).
 * Columns outside that list (known descriptive ones such as brand or TID, and unknown ones) never
 * change it.
 *
 * Two records identical in every identity field within ONE report are two records (two equal
 * partial payments on one day): they share this identity and are told apart by how often it
 * occurs in the report (see `receivables/occurrences.ts`).
 *
 * A record's movement date (the day the provider registered it), where the layout carries one, is
 * part of its meaning: two equal payments registered on different days are two payments, even when
 * no report holds both. It is added only when present, so the identities of layouts without it stay
 * what they were. The line sequence never is (it is per report); it only tells twins of one report
 * apart.
 *
 * How recon is configured to READ a record (its role, a rule column's value, a sign column) is never
 * part of it: a change of `recordRoles` or `recordSign` followed by a re-run re-reads the same records
 * under the new settings instead of storing them a second time (the matcher replaces the stored
 * contribution, `receivables/reclassify.ts`). Records that differ only in what the configuration reads
 * (a chargeback and its reversal of one amount and day in one report) share an identity and are told
 * apart where they are applied.
 */
import type { ReconConfig } from '../../config';
import type { CanonicalRecord } from './canonical';
import { sha256 } from './hash';
import { identifierText } from './identifiers';
import { classifierOf, type RoleConfig, ruleValue } from './roles';

/** Bumped if the identity rule ever changes, so old and new identities can never collide. */
const IDENTITY_VERSION = 'id1';

type IdentityInput = Omit<CanonicalRecord, 'recordHash' | 'formerHash' | 'source' | 'line' | 'sourceValues'>;

export interface Identities {
  /** The identity: what the provider sent, whatever recon is configured to read from it. */
  readonly recordHash: string;
  /**
   * The identity earlier versions gave the record under the current settings, when it differs: they
   * added a rule column's value and the sign for codes with a column rule or an ADJUSTMENT role. A
   * contribution stored under it is the same record (the stores replace it, never add to it).
   */
  readonly formerHash?: string;
}

export type IdentityOf = (record: IdentityInput) => Identities;

export function buildIdentity(
  config: Pick<ReconConfig, 'matchKey' | 'identityColumns'> & RoleConfig,
): IdentityOf {
  const keyFields = [...config.matchKey];
  const classifier = classifierOf(config);
  const ruleColumns = new Map(
    Object.entries(config.recordRoles ?? {}).flatMap(([code, setting]) =>
      typeof setting === 'object' ? [[code, setting.column.toUpperCase()] as const] : [],
    ),
  );
  const columns = config.identityColumns.map((column) => column.toUpperCase());
  return (record) => {
    const parts: unknown[] = [IDENTITY_VERSION, record.recordType];
    for (const field of keyFields) parts.push(record[field]);
    parts.push(
      record.grossCents,
      record.feeCents,
      record.netCents,
      record.saleDate,
      record.dueDate,
      record.paymentDate,
    );
    for (const column of columns) parts.push(identifierText(record.extra[column]) ?? null);
    // Tagged, so a movement date can never read as the value of an identity column.
    if (record.movementDate !== null) parts.push({ movementDate: record.movementDate });
    const recordHash = sha256(JSON.stringify(parts));
    const column = ruleColumns.get(record.recordType);
    if (column === undefined && config.recordRoles?.[record.recordType] !== 'ADJUSTMENT')
      return { recordHash };
    const rule = column === undefined ? null : (ruleValue(record.extra[column]) ?? null);
    parts.push({ rule, sign: classifier.signOf(record) ?? null });
    return { recordHash, formerHash: sha256(JSON.stringify(parts)) };
  };
}
