/**
 * A person's decision on a break and the rules for taking one (docs/breaks.md). Pure: the store
 * (decision-store.ts) keeps the events and their projection, the service (service.ts) wires both.
 */
import { addDays, type IsoDate } from '../calendar';
import type { BreakKind, DecisionStatus } from './kinds';
import type { BreakBasis, BreakSubject, ObservedBreak } from './observed';

export interface Decision {
  readonly status: DecisionStatus;
  readonly note: string;
  readonly ticket?: string;
  readonly assignee?: string;
  /** An accepted difference's reason, one of the configured list. */
  readonly reason?: string;
  /** A disputed chargeback's contest deadline. */
  readonly deadline?: IsoDate;
  /** The money when decided: the decision holds while the data shows the same. */
  readonly basis: BreakBasis;
  /** What the break was about, kept so a resolved break still reads. */
  readonly subject: BreakSubject;
  /**
   * A manual match's target: the key of the receivable the payment now counts in, or the identity
   * of the expected deposit a credit is (deposits/result-identity.ts).
   */
  readonly matchedTo?: string;
}

export const DECISION_ACTIONS = ['treat', 'dispute', 'accept', 'match', 'undo'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

export type DecisionRequest =
  | { readonly action: 'treat'; readonly note: string; readonly ticket?: string; readonly assignee?: string }
  | { readonly action: 'dispute'; readonly note: string; readonly ticket?: string }
  | { readonly action: 'accept'; readonly reason: string; readonly note: string }
  /**
   * `to`: the match key of the open or late forecast's receivable (checked by manual-match.ts), or
   * for an unexplained credit the expected deposit's identity (deposit-match.ts).
   */
  | { readonly action: 'match'; readonly to: string; readonly reason: string; readonly note: string }
  | { readonly action: 'undo' };

/** The kinds a person matches by hand: a payment to its forecast, a credit to its deposit. */
export const MATCHED_BY_HAND: readonly BreakKind[] = ['UNEXPECTED', 'UNEXPLAINED_CREDIT'];

/** The breaks' settings (`breaks` in RECON_CONFIG). */
export interface DecisionRules {
  readonly acceptReasons: readonly string[];
  readonly disputeDays: number;
}

/** Why a decision is refused, for a caller that words it in its own language (the web inbox). */
export type RefusalCode =
  | 'nothing-to-undo'
  | 'resolved'
  | 'note-required'
  | 'not-a-chargeback'
  | 'unknown-reason'
  | 'not-unexpected'
  | 'match-target';

/** A decision the rules do not allow, in one sentence (the CLI's exit code 4). */
export class DecisionRefusedError extends Error {
  constructor(
    message: string,
    readonly code: RefusalCode,
  ) {
    super(message);
    this.name = 'DecisionRefusedError';
  }
}

/** What the last decisions were, for undo: each event's version, action and the state before it. */
export interface PastDecision {
  readonly version: number;
  readonly action: DecisionAction;
  readonly before: Decision | null;
  readonly undoes?: number;
}

/** The latest decision not undone yet (undoing an undo is taking the decision again). */
export function lastUndoable(history: readonly PastDecision[]): PastDecision | undefined {
  const undone = new Set(history.flatMap((e) => (e.undoes === undefined ? [] : [e.undoes])));
  return [...history].reverse().find((e) => e.action !== 'undo' && !undone.has(e.version));
}

export interface Outcome {
  readonly after: Decision | null;
  readonly undoes?: number;
}

/** The decision `request` gives a break seen as `observed` (undefined: the data no longer has it). */
export function decide(
  request: DecisionRequest,
  observed: ObservedBreak | undefined,
  history: readonly PastDecision[],
  rules: DecisionRules,
  today: IsoDate,
): Outcome {
  if (request.action === 'undo') {
    const target = lastUndoable(history);
    if (!target) throw new DecisionRefusedError('nothing to undo on this break', 'nothing-to-undo');
    return { after: target.before, undoes: target.version };
  }
  if (!observed)
    throw new DecisionRefusedError('the break is resolved: the data no longer shows it', 'resolved');
  const base = { basis: observed.basis, subject: observed.subject, note: request.note.trim() };
  if (base.note === '') throw new DecisionRefusedError('a note is required', 'note-required');
  switch (request.action) {
    case 'treat':
      return { after: { status: 'IN_TREATMENT', ...base, ...optional(request) } };
    case 'dispute':
      if (observed.basis.kind !== 'CHARGEBACK') {
        throw new DecisionRefusedError(
          `only a chargeback is disputed; this break is ${observed.basis.kind}`,
          'not-a-chargeback',
        );
      }
      return {
        after: {
          status: 'DISPUTED',
          ...base,
          ...optional(request),
          deadline: addDays(today, rules.disputeDays),
        },
      };
    case 'accept':
      if (!rules.acceptReasons.includes(request.reason)) {
        throw new DecisionRefusedError(
          `reason "${request.reason}" is not one of breaks.acceptReasons: ${rules.acceptReasons.join(', ')}`,
          'unknown-reason',
        );
      }
      return { after: { status: 'ACCEPTED', ...base, reason: request.reason } };
    case 'match':
      if (!MATCHED_BY_HAND.includes(observed.basis.kind)) {
        throw new DecisionRefusedError(
          `only an unexpected payment or credit is matched by hand; this break is ${observed.basis.kind}`,
          'not-unexpected',
        );
      }
      return { after: { status: 'MATCHED', ...base, reason: request.reason.trim(), matchedTo: request.to } };
  }
}

function optional(request: { readonly ticket?: string; readonly assignee?: string }) {
  return {
    ...(request.ticket ? { ticket: request.ticket } : {}),
    ...(request.assignee ? { assignee: request.assignee } : {}),
  };
}
