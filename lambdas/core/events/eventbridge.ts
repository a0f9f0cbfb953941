/**
 * The deployed sink: a night's events put on the stack's EventBridge bus, request by request within
 * its limits (batches.ts). PutEvents answers per entry: the entries it failed (FailedEntryCount,
 * an ErrorCode in their place of the answer) are sent again, alone, with the same id, and only
 * those, so an entry already accepted never reaches a subscriber twice; what still fails after the
 * last attempt fails the night loudly, naming the ids.
 */
import { type BusEntry, entryOf, entrySize, requestsOf } from './batches';
import type { CloudEvent } from './envelope';
import type { EventSink } from './night';

export interface PutEventsAnswer {
  readonly FailedEntryCount?: number;
  /** One per entry sent, in the same order; a failed one carries an ErrorCode. */
  readonly Entries?: readonly {
    readonly EventId?: string;
    readonly ErrorCode?: string;
    readonly ErrorMessage?: string;
  }[];
}

/** PutEvents of the SDK (lambdas/runtime), or a fake in tests. */
export type PutEvents = (entries: readonly BusEntry[]) => Promise<PutEventsAnswer>;

export interface BusSinkDeps {
  readonly busName: string;
  readonly putEvents: PutEvents;
  /** Tries per entry, the first included. */
  readonly attempts?: number;
  /** Waits before a retry (ms, doubled each time); tests pass a clock that does not wait. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_ATTEMPTS = 4;
const FIRST_BACKOFF_MS = 200;

export class EventsNotPublishedError extends Error {
  constructor(readonly failed: readonly { readonly id: string; readonly errorCode: string }[]) {
    super(
      `${failed.length} event(s) not accepted by EventBridge: ${failed
        .slice(0, 10)
        .map((f) => `${f.id} (${f.errorCode})`)
        .join(', ')}`,
    );
    this.name = 'EventsNotPublishedError';
  }
}

interface Pending {
  readonly id: string;
  readonly entry: BusEntry;
  errorCode: string;
}

export function eventBusSink(deps: BusSinkDeps): EventSink {
  const attempts = deps.attempts ?? DEFAULT_ATTEMPTS;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));

  /** Sends the entries of one request; returns those EventBridge did not take. */
  async function send(pending: readonly Pending[]): Promise<Pending[]> {
    const answer = await deps.putEvents(pending.map((p) => p.entry));
    if ((answer.FailedEntryCount ?? 0) === 0) return [];
    return pending.flatMap((p, i) => {
      const errorCode = answer.Entries?.[i]?.ErrorCode;
      if (errorCode === undefined) return [];
      p.errorCode = errorCode;
      return [p];
    });
  }

  return async (_asOf, events: readonly CloudEvent[]) => {
    let pending: Pending[] = events.map((event) => ({
      id: event.id,
      entry: entryOf(deps.busName, event),
      errorCode: '',
    }));
    for (let attempt = 1; pending.length > 0 && attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 2));
      const failed: Pending[] = [];
      for (const request of requestsOf(pending, (p) => entrySize(p.entry)))
        failed.push(...(await send(request)));
      pending = failed;
    }
    if (pending.length > 0)
      throw new EventsNotPublishedError(pending.map((p) => ({ id: p.id, errorCode: p.errorCode })));
  };
}
