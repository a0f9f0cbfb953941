/**
 * Publishing a night on the bus: requests within EventBridge's limits (10 entries, 256 KB), the
 * entries a request failed sent again with the same ids and only those, and a loud failure naming
 * the ids that never got through.
 */
import { describe, expect, it } from 'vitest';
import {
  type BusEntry,
  entryOf,
  entrySize,
  MAX_ENTRIES_PER_REQUEST,
  MAX_REQUEST_BYTES,
  requestsOf,
} from '../../../lambdas/core/events/batches';
import { type CloudEvent, cloudEvent } from '../../../lambdas/core/events/envelope';
import {
  EventsNotPublishedError,
  eventBusSink,
  type PutEventsAnswer,
} from '../../../lambdas/core/events/eventbridge';

const BUS = 'recon-prod-events';

const eventOf = (n: number, note = ''): CloudEvent =>
  cloudEvent({
    environment: 'production',
    type: 'recon.decision.taken',
    subject: `r:${n}`,
    change: 'v1',
    time: '2025-04-01T15:00:00.000Z',
    data: { note },
  });

const idsOf = (entries: readonly BusEntry[]) => entries.map((e) => (JSON.parse(e.Detail) as CloudEvent).id);

/** A fake PutEvents: keeps every request, answers with `fail(id, attempt)`'s error code or success. */
function fakeBus(fail: (id: string, attempt: number) => string | undefined = () => undefined) {
  const requests: BusEntry[][] = [];
  const tries = new Map<string, number>();
  const putEvents = async (entries: readonly BusEntry[]): Promise<PutEventsAnswer> => {
    requests.push([...entries]);
    const answers = idsOf(entries).map((id) => {
      const attempt = (tries.get(id) ?? 0) + 1;
      tries.set(id, attempt);
      const code = fail(id, attempt);
      return code ? { ErrorCode: code, ErrorMessage: 'throttled' } : { EventId: `eb-${id}` };
    });
    return { FailedEntryCount: answers.filter((a) => 'ErrorCode' in a).length, Entries: answers };
  };
  return { requests, putEvents };
}

const noWait = async () => undefined;

describe('requests within the limits', () => {
  it('puts at most 10 entries in a request, in order', () => {
    const entries = Array.from({ length: 23 }, (_, n) => entryOf(BUS, eventOf(n)));
    const requests = requestsOf(entries, entrySize);
    expect(requests.map((r) => r.length)).toEqual([10, 10, 3]);
    expect(requests.flat()).toEqual(entries);
  });

  it('cuts a request before it passes 256 KB, counted as EventBridge counts an entry', () => {
    const big = Array.from({ length: 5 }, (_, n) => entryOf(BUS, eventOf(n, 'x'.repeat(100_000))));
    const requests = requestsOf(big, entrySize);
    expect(requests.map((r) => r.length)).toEqual([2, 2, 1]);
    for (const request of requests)
      expect(request.reduce((sum, e) => sum + entrySize(e), 0)).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    const entry = entryOf(BUS, eventOf(1));
    expect(entrySize(entry)).toBe(
      14 +
        Buffer.byteLength(entry.Source) +
        Buffer.byteLength(entry.DetailType) +
        Buffer.byteLength(entry.Detail),
    );
  });

  it('refuses an event over 256 KB alone rather than sending what EventBridge would refuse', () => {
    expect(() => requestsOf([entryOf(BUS, eventOf(1, 'x'.repeat(MAX_REQUEST_BYTES)))], entrySize)).toThrow(
      /over EventBridge's 262144/,
    );
  });

  it('carries the CloudEvent whole as the detail, its type and source as the entry’s', () => {
    const event = eventOf(7);
    expect(entryOf(BUS, event)).toEqual({
      EventBusName: BUS,
      Source: 'urn:recon:production',
      DetailType: 'recon.decision.taken',
      Detail: JSON.stringify(event),
      Time: new Date('2025-04-01T15:00:00.000Z'),
    });
  });
});

describe('the bus sink', () => {
  const night = Array.from({ length: 25 }, (_, n) => eventOf(n));

  it('sends every event once when EventBridge takes them all', async () => {
    const bus = fakeBus();
    await eventBusSink({ busName: BUS, putEvents: bus.putEvents, sleep: noWait })('2025-04-01', night);
    expect(bus.requests.every((r) => r.length <= MAX_ENTRIES_PER_REQUEST)).toBe(true);
    expect(bus.requests.flatMap(idsOf)).toEqual(night.map((e) => e.id));
  });

  it('sends again only the entries a request failed, with the same ids', async () => {
    const failing = new Set([night[3]?.id, night[12]?.id, night[24]?.id]);
    const bus = fakeBus((id, attempt) =>
      failing.has(id) && attempt === 1 ? 'ThrottlingException' : undefined,
    );
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    await eventBusSink({ busName: BUS, putEvents: bus.putEvents, sleep })('2025-04-01', night);
    const sent = bus.requests.flatMap(idsOf);
    expect(sent.slice(0, 25)).toEqual(night.map((e) => e.id));
    expect(sent.slice(25).sort()).toEqual([...failing].sort());
    expect(bus.requests.at(-1)?.map((e) => e.Detail)).toEqual(
      night.filter((e) => failing.has(e.id)).map((e) => JSON.stringify(e)),
    );
    expect(waits).toEqual([200]);
  });

  it('fails loudly, naming the ids, when some entries still fail after the last attempt', async () => {
    const stuck = night[5]?.id ?? '';
    const bus = fakeBus((id) => (id === stuck ? 'InternalFailure' : undefined));
    const publish = eventBusSink({ busName: BUS, putEvents: bus.putEvents, attempts: 3, sleep: noWait });
    const failure = await publish('2025-04-01', night).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EventsNotPublishedError);
    expect((failure as EventsNotPublishedError).failed).toEqual([
      { id: stuck, errorCode: 'InternalFailure' },
    ]);
    expect((failure as Error).message).toContain(`${stuck} (InternalFailure)`);
    expect(bus.requests.flatMap(idsOf).filter((id) => id === stuck)).toHaveLength(3);
    expect(bus.requests.flatMap(idsOf)).toHaveLength(25 + 2);
  });
});
