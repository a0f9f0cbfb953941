/**
 * A night's events, gathered after its summary from what the summary already has: the breaks'
 * listing (with the previous night's snapshot to compare with), the decisions taken since that
 * night (the events of the breaks whose version moved, read from their chains), and the receivables
 * the night wrote (its touched log, against the night before's). Work bounded by the night and the
 * one before: nothing reads the book. They travel in parts, a few per type (parts.ts).
 */
import type { BreakEvent } from '../breaks/chain';
import type { BreakView } from '../breaks/status';
import { addDays, type IsoDate } from '../calendar';
import type { TouchedLog } from '../receivable-store/touched';
import type { Receivable } from '../receivables/item';
import { breakEvents, decisionEvents, type PreviousBreak } from './break-events';
import { type CloudEvent, inEventOrder } from './envelope';
import { inParts } from './parts';
import { changedOn, receivableEvents } from './receivable-events';

/**
 * Where a night's events go: the bus deployed (eventbridge.ts), a file per night locally. Given the
 * whole night each time, so a re-run hands over the same events with the same ids.
 */
export type EventSink = (asOf: IsoDate, events: readonly CloudEvent[]) => Promise<void>;

export interface NightEventsDeps {
  readonly touched: Pick<TouchedLog, 'batchesOf' | 'datesBetween'>;
  readonly previousBreaks: (asOf: IsoDate) => Promise<ReadonlyMap<string, PreviousBreak>>;
  /** A break's audit events in version order (breaks/service.ts `history`). */
  readonly history: (breakId: string) => Promise<readonly BreakEvent[]>;
  readonly sink: EventSink;
}

export interface NightOfEvents {
  readonly environment: string;
  readonly asOf: IsoDate;
  /** Tonight's breaks as the summary listed them. */
  readonly views: readonly BreakView[];
}

export function buildNightEvents(deps: NightEventsDeps) {
  async function logged(date: IsoDate | undefined): Promise<Receivable[]> {
    const all: Receivable[] = [];
    if (date === undefined) return all;
    for await (const batch of deps.touched.batchesOf(date)) all.push(...batch.receivables);
    return all;
  }

  /** The receivables the night wrote whose state moved since the latest night logged before it. */
  async function changedReceivables(asOf: IsoDate): Promise<Receivable[]> {
    const nightBefore = (await deps.touched.datesBetween(null, addDays(asOf, -1))).at(-1);
    const [tonight, before] = await Promise.all([logged(asOf), logged(nightBefore)]);
    return changedOn(asOf, tonight, before);
  }

  /** The decisions taken since the previous night: the versions past the one it listed. */
  async function decidedSince(
    views: readonly BreakView[],
    previous: ReadonlyMap<string, PreviousBreak>,
  ): Promise<BreakEvent[]> {
    const moved = views.filter((v) => v.version > (previous.get(v.id)?.version ?? 0));
    const chains = await Promise.all(
      moved.map(async (v) => {
        const since = previous.get(v.id)?.version ?? 0;
        return (await deps.history(v.id)).filter((e) => e.version > since && e.version <= v.version);
      }),
    );
    return chains.flat();
  }

  /** Gathers the night's changes and hands them to the sink in parts (parts.ts); returns the parts. */
  return async function publishNight({ environment, asOf, views }: NightOfEvents): Promise<CloudEvent[]> {
    const previous = await deps.previousBreaks(asOf);
    const changes = inEventOrder([
      ...receivableEvents(environment, asOf, await changedReceivables(asOf)),
      ...breakEvents({ environment, asOf, views, previous }),
      ...decisionEvents(environment, await decidedSince(views, previous)),
    ]);
    const parts = inParts(environment, asOf, changes);
    await deps.sink(asOf, parts);
    return parts;
  };
}
