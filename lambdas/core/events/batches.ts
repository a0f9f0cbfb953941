/**
 * A night's events as PutEvents requests within EventBridge's limits: at most 10 entries and
 * 256 KB per request, an entry's size counted as EventBridge counts it (the time's 14 bytes, then
 * the UTF-8 bytes of the source, the detail type, the detail and each resource).
 */
import type { CloudEvent } from './envelope';

export const MAX_ENTRIES_PER_REQUEST = 10;
export const MAX_REQUEST_BYTES = 256 * 1024;
const TIME_BYTES = 14;

/** One PutEvents entry: the CloudEvent whole as the detail, its type and source as the entry's. */
export interface BusEntry {
  readonly EventBusName: string;
  readonly Source: string;
  readonly DetailType: string;
  readonly Detail: string;
  readonly Time: Date;
}

export function entryOf(busName: string, event: CloudEvent): BusEntry {
  return {
    EventBusName: busName,
    Source: event.source,
    DetailType: event.type,
    Detail: JSON.stringify(event),
    Time: new Date(event.time),
  };
}

export function entrySize(entry: BusEntry): number {
  return (
    TIME_BYTES +
    Buffer.byteLength(entry.Source) +
    Buffer.byteLength(entry.DetailType) +
    Buffer.byteLength(entry.Detail)
  );
}

/**
 * The items in order, cut into requests within the limits (`sizeOf`: an item's entry size); an
 * entry over 256 KB alone is an error.
 */
export function requestsOf<T>(items: readonly T[], sizeOf: (item: T) => number): T[][] {
  const requests: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const entry of items) {
    const size = sizeOf(entry);
    if (size > MAX_REQUEST_BYTES)
      throw new Error(`an event of ${size} bytes is over EventBridge's ${MAX_REQUEST_BYTES} per request`);
    if (current.length === MAX_ENTRIES_PER_REQUEST || bytes + size > MAX_REQUEST_BYTES) {
      requests.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}
