/**
 * How a receivable is laid out as one DynamoDB item. Each started KB of an item is one write unit,
 * so the contribution sets use one-letter attribute names: a receivable with one A1 and one D1
 * (64-character hashes) is about 700 bytes, and every extra partial payment adds about 130 bytes.
 *
 * | attribute | holds |
 * |-----------|-------|
 * | `pk` / `sk` | `RCV#<match key>` / `RCV` |
 * | `gsi2pk` / `gsi2sk` | see {@link workIndexKeys} (index byWork) |
 * | `acquirer` … `dueDate` | descriptive fields of the primary contribution (absent when null) |
 * | `f` | map forecast identity → `{ n: net centavos, b?/t?/pd?/q?: gross, fee, product, installments (fee audit), m?: movement date, c?: copies when > 1, o?: page counts, e?: page edges, sd?: seam copy seen, g?: first report when `o` no longer shows it }` |
 * | `s` | map settlement identity → `{ n, p?: payment date, m?, c?, o?, e?, sd?, g?, a?: bank account id (deposits/bank/record-account.ts) }` (see `occurrences.ts`) |
 * | `x` / `k` / `r` / `v` / `j` | maps of cancellations / chargebacks / chargeback reversals / advances / linked adjustments: identity → `{ n: net centavos in the role's direction, t?: advance fee, p?, m?, c?, o?, e?, sd?, g?, a? }` (absent when none: items without such records are unchanged) |
 * | `capped` | true once a record was refused for TOO_MANY_CONTRIBUTIONS |
 * | `status`, `reason` | as derived on the business date of the last write |
 * | `version` | +1 on every write; the optimistic-lock token |
 * | `changedOn`, `updatedAt` | business date and instant of the last write |
 */

import type { IsoDate } from '../calendar';
import { withAccount } from '../deposits/bank/record-account';
import type { TableKey } from '../store/entity';
import { keyOf, TABLE } from '../store/table';
import { saleFromStored, storedSale } from './forecast-sale';
import { EVENT_ROLES, type EventRole, type RoleContribution } from './lifecycle';
import {
  byHash,
  type Forecast,
  type ReceivableContent,
  type ReceivableFields,
  type Settlement,
} from './matcher';
import { type Occurrences, reportOf } from './occurrences';
import {
  type ParsedReceivableItem,
  receivable as receivableEntity,
  type StoredContribution,
} from './receivable-entity';
import { moneyOf, type ReasonCode, type ReconStatus } from './status';

/** Bookkeeping the store adds to the content: the status as last written and the lock version. */
export interface ReceivableMeta {
  readonly status: ReconStatus;
  readonly reason: ReasonCode;
  readonly version: number;
  /** Business date of the last content or status change. */
  readonly changedOn: IsoDate;
  /** Instant (ISO) of the last write. */
  readonly updatedAt: string;
}

/** A receivable as the store returns it: plain data, content plus bookkeeping. */
export type Receivable = ReceivableContent & ReceivableMeta;

export type ReceivableItem = Record<string, unknown>;

/**
 * The states kept in the byWork index: the ones somebody has to act on. OPEN and SETTLED are most
 * receivables; indexing them would add an index write to every forecast and every settlement (about
 * one write unit per ingested record, which was the largest item of the AWS bill). Both are listed by
 * state and due date from the change log in Athena instead, and aging finds OPEN receivables through
 * its due lists (see due-lists.ts).
 */
export const INDEXED_STATUSES = [
  'OVERDUE',
  'UNDERPAID',
  'OVERPAID',
  'UNEXPECTED',
  // Contested within the acquirer's deadline; and a cancellation or chargeback without its sale.
  'CHARGED_BACK',
  'UNLINKED',
] as const satisfies readonly ReconStatus[];
export type IndexedStatus = (typeof INDEXED_STATUSES)[number];

export function isIndexed(status: ReconStatus): status is IndexedStatus {
  return (INDEXED_STATUSES as readonly ReconStatus[]).includes(status);
}

const FIELD_NAMES = [
  'acquirer',
  'merchant',
  'saleDate',
  'nsu',
  'authorization',
  'installment',
  'brand',
  'dueDate',
] as const satisfies readonly (keyof ReceivableFields)[];

export function itemKey(key: string): TableKey {
  return receivableEntity.key(key);
}

/** Digits of the zero-padded money at stake in gsi2sk: every safe integer fits, so text order is numeric order. */
const STAKE_DIGITS = 16;

/** gsi2pk of the receivables stored in an action state, ordered by money at stake. */
export function stakePartition(status: IndexedStatus): string {
  return keyOf(TABLE.workIndex.partitionPrefix, status);
}

/**
 * byWork index keys: only in an action state (the summary's largest items, by |settled − forecast|).
 * OPEN receivables are found by aging through its due lists (due-lists.ts), not an index entry each.
 */
function workIndexKeys(receivable: Receivable): ReceivableItem {
  const { partitionKey, sortKey } = TABLE.workIndex;
  if (!isIndexed(receivable.status)) return {};
  const { differenceCents } = moneyOf(receivable);
  const stake = String(Math.abs(differenceCents)).padStart(STAKE_DIGITS, '0');
  return { [partitionKey]: stakePartition(receivable.status), [sortKey]: `${stake}#${receivable.key}` };
}

export function toItem(receivable: Receivable): ReceivableItem {
  const item: ReceivableItem = itemKey(receivable.key);
  Object.assign(item, workIndexKeys(receivable));
  for (const name of FIELD_NAMES) {
    if (receivable[name] !== null) item[name] = receivable[name];
  }
  if (receivable.forecasts.length > 0) {
    item.f = Object.fromEntries(
      receivable.forecasts.map((f) => [f.hash, { ...contribution(f), ...storedSale(f.sale) }]),
    );
  }
  if (receivable.settlements.length > 0) {
    item.s = Object.fromEntries(
      receivable.settlements.map((s) => [
        s.hash,
        s.paymentDate === null ? contribution(s) : { ...contribution(s), p: s.paymentDate },
      ]),
    );
  }
  for (const role of EVENT_ROLES) {
    const events = receivable.events?.filter((e) => e.role === role) ?? [];
    if (events.length > 0) item[EVENT_ATTRIBUTES[role]] = Object.fromEntries(events.map(eventEntry));
  }
  if (receivable.capped) item.capped = true;
  return {
    ...item,
    status: receivable.status,
    reason: receivable.reason,
    version: receivable.version,
    changedOn: receivable.changedOn,
    updatedAt: receivable.updatedAt,
  };
}

export function fromItem(raw: ReceivableItem): Receivable {
  const item = receivableEntity.parse(raw);
  const field = <T>(value: T | undefined): T | null => value ?? null;
  const forecasts: Forecast[] = Object.entries(item.f ?? {}).map(([hash, stored]) => ({
    hash,
    netCents: Number(stored.n),
    movementDate: stored.m ?? null,
    occurrences: occurrencesOf(stored),
    ...saleFromStored(stored),
  }));
  const settlements: Settlement[] = Object.entries(item.s ?? {}).map(([hash, stored]) => ({
    hash,
    netCents: Number(stored.n),
    paymentDate: stored.p ?? null,
    movementDate: stored.m ?? null,
    occurrences: occurrencesOf(stored),
    ...withAccount(stored.a),
  }));
  const events = eventsOf(item);
  return {
    key: receivableEntity.partitionOf(item.pk),
    acquirer: field(item.acquirer),
    merchant: field(item.merchant),
    saleDate: field(item.saleDate),
    nsu: field(item.nsu),
    authorization: field(item.authorization),
    installment: field(item.installment),
    brand: field(item.brand),
    dueDate: field(item.dueDate),
    forecasts: forecasts.sort(byHash),
    settlements: settlements.sort(byHash),
    capped: item.capped === true,
    ...(events.length > 0 ? { events } : {}),
    status: item.status,
    reason: item.reason,
    version: item.version,
    changedOn: item.changedOn,
    updatedAt: item.updatedAt,
  };
}

/** The item attribute of each event role's map (one letter: item size is write units). */
const EVENT_ATTRIBUTES = {
  CANCELLATION: 'x',
  CHARGEBACK: 'k',
  CHARGEBACK_REVERSAL: 'r',
  ADVANCE: 'v',
  ADJUSTMENT: 'j',
} as const satisfies Record<EventRole, string>;

function eventEntry(event: RoleContribution): [string, StoredContribution] {
  return [
    event.hash,
    {
      ...contribution(event),
      ...(event.feeCents === null ? {} : { t: event.feeCents }),
      ...(event.paymentDate === null ? {} : { p: event.paymentDate }),
    },
  ];
}

function eventsOf(item: ParsedReceivableItem): RoleContribution[] {
  return EVENT_ROLES.flatMap((role) =>
    Object.entries(item[EVENT_ATTRIBUTES[role]] ?? {}).map(([hash, stored]) => ({
      hash,
      role,
      netCents: Number(stored.n),
      feeCents: stored.t === undefined ? null : Number(stored.t),
      paymentDate: stored.p ?? null,
      movementDate: stored.m ?? null,
      occurrences: occurrencesOf(stored),
      ...withAccount(stored.a),
    })),
  ).sort(byHash);
}

function contribution(c: Forecast | Settlement | RoleContribution): StoredContribution {
  const { netCents, movementDate, occurrences } = c;
  const { copies, pages, edges, seam, firstReport } = occurrences;
  return {
    n: netCents,
    ...(movementDate === null ? {} : { m: movementDate }),
    ...(copies > 1 ? { c: copies } : {}),
    ...(Object.keys(pages).length > 0 ? { o: pages } : {}),
    ...(Object.keys(edges).length > 0 ? { e: edges } : {}),
    ...(seam ? { sd: true } : {}),
    // Usually the earliest report in the page counts already says it (no bytes spent); not once pruned.
    ...(firstReport === earliestReport(Object.keys(pages)) ? {} : { g: firstReport }),
    // Only settlements and events carry one; absent when the record names no bank account.
    ...('bankAccount' in c && c.bankAccount !== undefined ? { a: c.bankAccount } : {}),
  };
}

function occurrencesOf(stored: StoredContribution): Occurrences {
  const pages = Object.fromEntries(
    Object.entries(stored.o ?? {}).map(([key, count]) => [key, Number(count)]),
  );
  return {
    copies: Number(stored.c ?? 1),
    pages,
    edges: { ...(stored.e ?? {}) },
    seam: stored.sd === true,
    // Items written before the first report was kept: the earliest report still in the page counts.
    firstReport: stored.g ?? earliestReport(Object.keys(pages)),
  };
}

function earliestReport(pageKeys: readonly string[]): string {
  return (
    pageKeys
      .map(reportOf)
      .reduce<string | undefined>((min, r) => (min === undefined || r < min ? r : min), undefined) ?? ''
  );
}
