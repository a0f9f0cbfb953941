/**
 * The envelope every recon event travels in: CloudEvents 1.0 in its JSON form, the one EventBridge
 * takes as an event's detail and API destinations and Pipes pass on as it is. The id is a hash of
 * what changed, never a random value: a re-run, a retried request or a backfill of the same night
 * makes the same id again, so a subscriber drops what it has already seen by id.
 */
import { createHash } from 'node:crypto';
import type { IsoDate } from '../calendar';

export const EVENT_TYPES = [
  'recon.receivable.state-changed',
  'recon.break.opened',
  'recon.break.reopened',
  'recon.break.resolved',
  'recon.decision.taken',
  'recon.deposit.missing',
  'recon.fee.above-contract',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

type Flat = string | number | boolean | null;
/** A change's data: flat values. A part (parts.ts) carries its changes as a list of records. */
export type EventData = Readonly<Record<string, Flat | readonly Readonly<Record<string, unknown>>[]>>;

export interface CloudEvent {
  readonly specversion: '1.0';
  readonly id: string;
  /** `urn:recon:<provider environment>`: which recon said it (sandbox and production never mix). */
  readonly source: string;
  readonly type: EventType;
  /** RFC 3339: when the change happened, as the data knows it (never when it was published). */
  readonly time: string;
  /** What the event is about: a receivable's match key or a break's id. */
  readonly subject: string;
  readonly datacontenttype: 'application/json';
  readonly data: EventData;
}

/** Hex digits of the id: 128 bits, plenty for a night's few thousand changes and years of them. */
const ID_LENGTH = 32;

/** The id of a change: the same type, subject and change always give the same id. */
export function eventId(type: EventType, subject: string, change: string): string {
  return createHash('sha256').update(`${type}\n${subject}\n${change}`).digest('hex').slice(0, ID_LENGTH);
}

export const sourceOf = (environment: string) => `urn:recon:${environment}`;

/**
 * A business date as an instant: its start in São Paulo, the only time a break's opening or ending
 * has (the night it was seen). Brasília keeps no summer time since 2019, so the offset is fixed.
 */
export const startOfBusinessDate = (date: IsoDate) => `${date}T00:00:00-03:00`;

export function cloudEvent(fields: {
  readonly environment: string;
  readonly type: EventType;
  readonly subject: string;
  /** What makes this change this one (a version, a date, the money): part of the id. */
  readonly change: string;
  readonly time: string;
  readonly data: EventData;
}): CloudEvent {
  const { environment, type, subject, change, time, data } = fields;
  return {
    specversion: '1.0',
    id: eventId(type, subject, change),
    source: sourceOf(environment),
    type,
    time,
    subject,
    datacontenttype: 'application/json',
    data,
  };
}

/** One order for a night's events whatever order they were found in, so a re-run writes the same bytes. */
export function inEventOrder(events: readonly CloudEvent[]): CloudEvent[] {
  return [...events].sort(
    (a, b) => a.type.localeCompare(b.type) || a.subject.localeCompare(b.subject) || a.id.localeCompare(b.id),
  );
}
