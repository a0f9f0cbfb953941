/**
 * How a receivable is laid out as one DynamoDB item. Each started KB of an item is one write unit,
 * so the contribution sets use one-letter attribute names: a receivable with one A1 and one D1
 * (64-character hashes) is about 700 bytes, and every extra partial payment adds about 130 bytes.
 *
 * | attribute | holds |
 * |-----------|-------|
 * | `pk` / `sk` | `RCV#<match key>` / `RCV` |
 * | `acquirer` … `dueDate` | descriptive fields of the primary contribution (absent when null) |
 * | `f` | map forecast identity → `{ n: net centavos, b?/t?/pd?/q?: gross, fee, product, installments (fee audit), m?: movement date, c?: copies when > 1, o?: page counts, e?: page edges, sd?: seam copy seen, g?: first report when `o` no longer shows it }` |
 * | `s` | map settlement identity → `{ n, p?: payment date, m?, c?, o?, e?, sd?, g?, a?: bank account id (deposits/bank/record-account.ts) }` (see `occurrences.ts`) |
 * | `x` / `k` / `r` / `v` / `j` | maps of cancellations / chargebacks / chargeback reversals / advances / linked adjustments: identity → `{ n: net centavos in the role's direction, t?: advance fee, p?, m?, c?, o?, e?, sd?, g?, a? }` (absent when none: items without such records are unchanged) |
 * | `capped` | true once a record was refused for TOO_MANY_CONTRIBUTIONS |
 * | `mi` | the key a manual match merged this receivable into (status MERGED); a moved settlement carries `ok`, the key it came from |
 * | `status`, `reason` | as derived on the business date of the last write |
 * | `version` | +1 on every write; the optimistic-lock token |
 * | `changedOn`, `updatedAt` | business date and instant of the last write |
 * | `bs` | business date the receivable entered its current action state (only in one: breaks/) |
 * | `xn` | `{ n: night, p?/v?/t?/x?/k?/r?/j?/d?: centavos }`: the postable amounts before the night's first write (postable.ts) |
 *
 * Items written while the byWork index existed also carry `gsi2pk` / `gsi2sk` (its keys): nothing
 * reads them, the schema drops them, and the item's next write leaves them out.
 */

import type { IsoDate } from '../calendar';
import { withAccount } from '../deposits/bank/record-account';
import type { TableKey } from '../store/entity';
import { contribution, EVENT_ATTRIBUTES, eventEntry, eventsOf, occurrencesOf } from './contribution-codec';
import { saleFromStored, storedSale } from './forecast-sale';
import { EVENT_ROLES } from './lifecycle';
import {
  byHash,
  type Forecast,
  type ReceivableContent,
  type ReceivableFields,
  type Settlement,
} from './matcher';
import type { Posted } from './postable';
import { type ParsedReceivableItem, receivable as receivableEntity } from './receivable-entity';
import type { ReasonCode, ReconStatus } from './status';

/** Bookkeeping the store adds to the content: the status as last written and the lock version. */
export interface ReceivableMeta {
  readonly status: ReconStatus;
  readonly reason: ReasonCode;
  readonly version: number;
  /** Business date of the last content or status change. */
  readonly changedOn: IsoDate;
  /** Instant (ISO) of the last write. */
  readonly updatedAt: string;
  /**
   * Business date it entered its current action state (indexed states only): when its break was
   * first seen. Items written before this was kept have none; readers take `changedOn` instead.
   */
  readonly breakSince?: IsoDate;
  /**
   * The postable amounts before the first write of the night (postable.ts), for the ERP export.
   * Items written before it was kept have none.
   */
  readonly posted?: Posted;
}

/** A receivable as the store returns it: plain data, content plus bookkeeping. */
export type Receivable = ReceivableContent & ReceivableMeta;

export type ReceivableItem = Record<string, unknown>;

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

/** A receivable's descriptive fields alone. */
export function fieldsOf(receivable: ReceivableFields): ReceivableFields {
  return Object.fromEntries(
    FIELD_NAMES.map((name) => [name, receivable[name]]),
  ) as unknown as ReceivableFields;
}

export function itemKey(key: string): TableKey {
  return receivableEntity.key(key);
}

export function toItem(receivable: Receivable): ReceivableItem {
  const item: ReceivableItem = itemKey(receivable.key);
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
        {
          ...contribution(s),
          ...(s.paymentDate === null ? {} : { p: s.paymentDate }),
          ...(s.origin === undefined ? {} : { ok: s.origin }),
        },
      ]),
    );
  }
  for (const role of EVENT_ROLES) {
    const events = receivable.events?.filter((e) => e.role === role) ?? [];
    if (events.length > 0) item[EVENT_ATTRIBUTES[role]] = Object.fromEntries(events.map(eventEntry));
  }
  if (receivable.capped) item.capped = true;
  if (receivable.mergedInto !== undefined) item.mi = receivable.mergedInto;
  return {
    ...item,
    status: receivable.status,
    reason: receivable.reason,
    version: receivable.version,
    changedOn: receivable.changedOn,
    updatedAt: receivable.updatedAt,
    ...(receivable.breakSince === undefined ? {} : { bs: receivable.breakSince }),
    ...(receivable.posted === undefined
      ? {}
      : { xn: { n: receivable.posted.night, ...receivable.posted.amounts } }),
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
    ...(stored.ok === undefined ? {} : { origin: stored.ok }),
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
    ...(item.mi === undefined ? {} : { mergedInto: item.mi }),
    status: item.status,
    reason: item.reason,
    version: item.version,
    changedOn: item.changedOn,
    updatedAt: item.updatedAt,
    ...(item.bs === undefined ? {} : { breakSince: item.bs }),
    ...(item.xn === undefined ? {} : { posted: postedOf(item.xn) }),
  };
}

function postedOf({ n, ...amounts }: NonNullable<ParsedReceivableItem['xn']>): Posted {
  return { night: n, amounts };
}
