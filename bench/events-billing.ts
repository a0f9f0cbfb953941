/**
 * What a night's events cost on EventBridge: it bills each entry of a PutEvents per started 64 KB of
 * the entry's size (sized as batches.ts sizes it for the request limits).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryOf, entrySize } from '../lambdas/core/events/batches';
import type { CloudEvent } from '../lambdas/core/events/envelope';

const BILLING_CHUNK_BYTES = 64 * 1024;

/** Billed events of a night's events file (JSON Lines, one CloudEvent each). */
export function billedEvents(jsonLines: string): number {
  return jsonLines
    .split('\n')
    .filter((line) => line !== '')
    .reduce((n, line) => {
      const size = entrySize(entryOf('recon-events', JSON.parse(line) as CloudEvent));
      return n + Math.ceil(size / BILLING_CHUNK_BYTES);
    }, 0);
}

/** A directory for a bench world's nights of events, and what a night's file would be billed. */
export async function nightEvents() {
  const dir = await mkdtemp(join(tmpdir(), 'recon-bench-events-'));
  return {
    dir,
    billedOn: async (asOf: string) => billedEvents(await readFile(join(dir, `${asOf}.jsonl`), 'utf8')),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
