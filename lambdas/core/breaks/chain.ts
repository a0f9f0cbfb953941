/**
 * The audit events of a break, chained by hash: each event's hash covers its content and the hash of
 * the event before it, and the projection (decision-store.ts) keeps the last hash, so an event
 * altered, removed or reordered breaks the chain at a place `verifyChain` names.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../json';
import type { Decision, DecisionAction } from './decision';

/** What every chain starts from. */
export const GENESIS = '0'.repeat(64);

export interface BreakEvent {
  readonly breakId: string;
  /** 1, 2, 3… per break: the version of the decision this event makes. */
  readonly version: number;
  /** Instant of the decision (ISO). */
  readonly at: string;
  /** Who decided: the signed-in user deployed, the operator's name locally. */
  readonly actor: string;
  readonly action: DecisionAction;
  readonly before: Decision | null;
  readonly after: Decision | null;
  /** The version an undo takes back. */
  readonly undoes?: number;
  readonly prevHash: string;
  readonly hash: string;
}

export type UnsealedEvent = Omit<BreakEvent, 'hash'>;

export function hashOf(event: UnsealedEvent): string {
  return createHash('sha256').update(canonicalJson(event)).digest('hex');
}

export function seal(event: UnsealedEvent): BreakEvent {
  return { ...event, hash: hashOf(event) };
}

/** One place the chain does not hold, named by break and version. */
export interface ChainProblem {
  readonly breakId: string;
  readonly version: number | null;
  readonly problem: string;
}

/** Every problem of one break's events (in version order) against its projection's version and hash. */
export function verifyChain(
  breakId: string,
  events: readonly BreakEvent[],
  head: { readonly version: number; readonly hash: string },
): ChainProblem[] {
  const problems: ChainProblem[] = [];
  const at = (version: number | null, problem: string) => problems.push({ breakId, version, problem });
  let previous = GENESIS;
  events.forEach((event, index) => {
    const { hash, ...content } = event;
    if (event.version !== index + 1) at(index + 1, `event missing (found version ${event.version} next)`);
    if (event.breakId !== breakId) at(event.version, `event belongs to break ${event.breakId}`);
    if (event.prevHash !== previous) at(event.version, 'does not follow the event before it');
    if (hashOf(content) !== hash) at(event.version, 'altered: its content does not match its hash');
    previous = hash;
  });
  const last = events.length;
  if (head.version > last) at(last + 1, `event missing: the decision is at version ${head.version}`);
  if (head.version === last && head.hash !== previous) at(last, 'the last event is not the one decided');
  return problems;
}
