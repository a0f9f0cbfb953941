/**
 * The night's events on this machine (docs/events.md): one JSON Lines file per business date in the
 * data directory (`<data-dir>/<env>/events/<date>.jsonl`), where the bus takes them deployed. A night
 * hands over all its events each time, so the file is rewritten whole (to a temporary name, then
 * renamed: a reader never sees half a night) and a re-run of the night leaves the same lines.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IsoDate } from '../lambdas/core/calendar';
import type { CloudEvent } from '../lambdas/core/events/envelope';
import type { EventSink } from '../lambdas/core/events/night';
import { changesOf } from '../lambdas/core/events/parts';

const NIGHT_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

export function eventsFileSink(directory: string): EventSink {
  return async (asOf, events) => {
    await mkdir(directory, { recursive: true });
    const file = join(directory, `${asOf}.jsonl`);
    const body = events.map((event) => `${JSON.stringify(event)}\n`).join('');
    await writeFile(`${file}.tmp`, body);
    await rename(`${file}.tmp`, file);
  };
}

/**
 * The changes of the nights from `since` on, in night order, each as its own event (the file holds
 * them in parts, as the bus gets them: parts.ts) and each id once: a change a later night repeats
 * (a re-run of an older night, a backfill) is printed where it was first written.
 */
export async function readEventsSince(directory: string, since: IsoDate): Promise<CloudEvent[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const nights = names
    .flatMap((name) => name.match(NIGHT_FILE)?.[1] ?? [])
    .filter((night) => night >= since)
    .sort();
  const seen = new Set<string>();
  const events: CloudEvent[] = [];
  for (const night of nights) {
    const text = await readFile(join(directory, `${night}.jsonl`), 'utf8');
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      for (const event of changesOf([JSON.parse(line) as CloudEvent])) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        events.push(event);
      }
    }
  }
  return events;
}
