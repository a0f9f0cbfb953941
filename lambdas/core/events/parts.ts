/**
 * A night's changes as the events that travel: per type, in parts under EventBridge's 64 KB
 * billing chunk. EventBridge bills every entry of a PutEvents at least once (US$ 1 per million), and
 * a night opens, resolves and changes thousands of breaks and receivables: one event per change cost
 * about US$ 0.19 per million records on the demo's night, four times what the export and the events
 * together may cost. So each type's changes (already in event order) are cut into parts of about
 * 200; a part keeps the type (a rule selects on it as before) and carries its changes in
 * `data.items`, each with its own id, subject, time and data: a subscriber deduplicates change by
 * change. The part's id is a hash of the ids it carries: a re-run of the night sends the same parts,
 * a night whose changes differ (a backfill, a decision since) sends new parts whose changes keep
 * their ids.
 */
import type { IsoDate } from '../calendar';
import { type CloudEvent, cloudEvent, type EventData, startOfBusinessDate } from './envelope';

/** A part's changes stay under 64 KB with room for the envelope's own fields (a few hundred bytes). */
export const PART_BYTES = 64 * 1024 - 1024;

/** What a part carries of each change (a type alias: it goes into a part's data as a record). */
export type PartItem = {
  readonly id: string;
  readonly subject: string;
  readonly time: string;
  readonly data: EventData;
};

const itemOf = ({ id, subject, time, data }: CloudEvent): PartItem => ({ id, subject, time, data });

/** The changes in order, cut where the next one would take a part past {@link PART_BYTES}. */
function cut(items: readonly PartItem[]): PartItem[][] {
  const parts: PartItem[][] = [];
  let current: PartItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && bytes + size > PART_BYTES) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** The night's changes (in event order, inEventOrder) as parts, type by type. */
export function inParts(environment: string, asOf: IsoDate, changes: readonly CloudEvent[]): CloudEvent[] {
  const byType = new Map<CloudEvent['type'], PartItem[]>();
  for (const change of changes) {
    const items = byType.get(change.type) ?? [];
    items.push(itemOf(change));
    byType.set(change.type, items);
  }
  return [...byType].flatMap(([type, items]) => {
    const parts = cut(items);
    return parts.map((part, index) =>
      cloudEvent({
        environment,
        type,
        subject: `${asOf}/${index + 1}`,
        change: part.map((item) => item.id).join(','),
        time: startOfBusinessDate(asOf),
        data: { night: asOf, part: index + 1, parts: parts.length, items: part },
      }),
    );
  });
}

/** Each change of the parts as the event it was, in the parts' order. */
export function changesOf(parts: readonly CloudEvent[]): CloudEvent[] {
  return parts.flatMap((part) =>
    (part.data.items as readonly PartItem[]).map((item) => ({ ...part, ...item })),
  );
}
