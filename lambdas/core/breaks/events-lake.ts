/**
 * The audit log's copy in the lake (`recon_break_events`): each event, once written to the table,
 * put as its own object at a key that is a function of the event alone (its break, its version and
 * the day it was decided, which that version fixes), so the service's listener retried, or called
 * again after a crash, puts the same bytes at the same key instead of a second row.
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { businessDate } from '../calendar';
import type { BreakEvent } from './chain';
import { BREAK_EVENTS_TABLE, type RowOf } from './lake-tables';
import { breakRef } from './observed';

export type BreakEventRow = RowOf<typeof BREAK_EVENTS_TABLE>;

/** The event as a lake row, in the table's column order. */
export function breakEventRow(event: BreakEvent): BreakEventRow {
  const { after, before } = event;
  // An undo back to no decision leaves nothing in force: its money is the decision it took back.
  const basis = (after ?? before)?.basis;
  return {
    break_id: event.breakId,
    ref: breakRef(event.breakId),
    version: event.version,
    decided_at: event.at,
    actor: event.actor,
    action: event.action,
    status_before: before?.status ?? null,
    status_after: after?.status ?? null,
    reason: after?.reason ?? null,
    note: after?.note ?? null,
    ticket: after?.ticket ?? null,
    assignee: after?.assignee ?? null,
    deadline: after?.deadline ?? null,
    undoes: event.undoes ?? null,
    kind: basis?.kind ?? null,
    stake_cents: basis?.stakeCents ?? null,
    acquirer: (after ?? before)?.subject.acquirer ?? null,
    prev_hash: event.prevHash,
    hash: event.hash,
  };
}

/**
 * The event's object: partitioned by the decision's business date (São Paulo), named by the
 * SHA-256 of the break id (a match key holds characters a key is better without) and the version.
 */
export function breakEventKey(event: Pick<BreakEvent, 'breakId' | 'version' | 'at'>): string {
  const id = createHash('sha256').update(event.breakId).digest('hex');
  const day = businessDate(new Date(event.at));
  return `${BREAK_EVENTS_TABLE.prefix}decided_on=${day}/${id}-v${event.version}.jsonl`;
}

/** The breaks service's `onEvent` that writes each event to the lake bucket. */
export function breakEventSink(deps: { readonly s3: Pick<S3Client, 'send'>; readonly bucket: string }) {
  return async (event: BreakEvent): Promise<void> => {
    await deps.s3.send(
      new PutObjectCommand({
        Bucket: deps.bucket,
        Key: breakEventKey(event),
        Body: `${JSON.stringify(breakEventRow(event))}\n`,
        ContentType: 'application/x-ndjson',
      }),
    );
  };
}
