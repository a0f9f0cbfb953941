/**
 * The receivables' events of a night, from the touched log (receivable-store/touched.ts): each
 * receivable the night wrote whose state (status, reason, expected and received money) is not the
 * one the night before logged for it, carried in a few events per night. The log holds a receivable
 * as each batch left it, not as it was before the night, so the night before's log is the one bounded place to compare with: a
 * receivable it did not log is said with its state again (a subscriber that keeps the last status
 * per subject sees nothing new). A night re-downloads overlapping reports and so rewrites receivables
 * whose money did not move (a new version, the same state): those say nothing, and neither does a
 * re-run. A change's id is the receivable, the night and the state reached.
 */
import type { IsoDate } from '../calendar';
import type { Receivable } from '../receivables/item';
import { moneyOf } from '../receivables/status';
import { type CloudEvent, cloudEvent, eventId, startOfBusinessDate } from './envelope';

/** Each receivable at its highest logged version. */
export function latestOf(logged: Iterable<Receivable>): Map<string, Receivable> {
  const latest = new Map<string, Receivable>();
  for (const receivable of logged) {
    const seen = latest.get(receivable.key);
    if (seen === undefined || seen.version < receivable.version) latest.set(receivable.key, receivable);
  }
  return latest;
}

function stateOf(r: Receivable) {
  const { expectedNetCents, receivedNetCents, differenceCents } = moneyOf(r);
  return { status: r.status, reason: r.reason, expectedNetCents, receivedNetCents, differenceCents };
}

const stateText = (r: Receivable) => {
  const s = stateOf(r);
  return `${s.status}|${s.reason}|${s.expectedNetCents}|${s.receivedNetCents}`;
};

/**
 * The night's written receivables whose state moved since the night before logged them. A receivable
 * logged only as read (its records already applied) and last written on another night is no change.
 */
export function changedOn(
  asOf: IsoDate,
  tonight: Iterable<Receivable>,
  nightBefore: Iterable<Receivable>,
): Receivable[] {
  const before = latestOf(nightBefore);
  return [...latestOf(tonight).values()].filter((r) => {
    const was = before.get(r.key);
    return r.changedOn === asOf && (was === undefined || stateText(was) !== stateText(r));
  });
}

/**
 * EventBridge bills an entry per started 64 KB: a part stays under it (the margin covers the
 * envelope's own fields, measured below), so a night of thousands of changes costs a few events.
 */
export const PART_BYTES = 64 * 1024 - 1024;

/** One change of the night, with its own id: a subscriber deduplicates item by item. */
function changeOf(asOf: IsoDate, r: Receivable) {
  const change = `${asOf}|${stateText(r)}`;
  return {
    id: eventId('recon.receivables.changed', r.key, change),
    key: r.key,
    ...stateOf(r),
    changedOn: r.changedOn,
    acquirer: r.acquirer,
    merchant: r.merchant,
    saleDate: r.saleDate,
    nsu: r.nsu,
    installment: r.installment,
    dueDate: r.dueDate,
  };
}

type Change = ReturnType<typeof changeOf>;

/** The changes in key order, cut where the next one would take a part past {@link PART_BYTES}. */
function partsOf(changes: readonly Change[]): Change[][] {
  const parts: Change[][] = [];
  let current: Change[] = [];
  let bytes = 0;
  for (const change of changes) {
    const size = Buffer.byteLength(JSON.stringify(change)) + 1;
    if (current.length > 0 && bytes + size > PART_BYTES) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(change);
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The night's receivable changes as `recon.receivables.changed` events, one per part (key order):
 * one event per receivable would cost an EventBridge event each, about half a dollar per million
 * records. The event's id is a hash of the ids of the changes it carries: a re-run of the same night
 * sends the same events, and a night whose changes differ (a backfill) sends new parts whose
 * changes keep their ids.
 */
export function receivableEvents(
  environment: string,
  asOf: IsoDate,
  changed: readonly Receivable[],
): CloudEvent[] {
  const changes = changed.map((r) => changeOf(asOf, r)).sort((a, b) => a.key.localeCompare(b.key));
  const parts = partsOf(changes);
  return parts.map((part, index) =>
    cloudEvent({
      environment,
      type: 'recon.receivables.changed',
      subject: `receivables/${asOf}/${index + 1}`,
      change: part.map((c) => c.id).join(','),
      time: startOfBusinessDate(asOf),
      data: { night: asOf, part: index + 1, parts: parts.length, changes: part },
    }),
  );
}
