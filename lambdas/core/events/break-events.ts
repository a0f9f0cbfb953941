/**
 * The breaks' events of a night: what changed between the previous night's list (its lake snapshot,
 * breaks/snapshot-lake.ts) and tonight's. The status is derived whenever a break is read, so a
 * status alone is no change: a break that stays REOPENED or RESOLVED night after night says so once.
 */
import type { BreakEvent } from '../breaks/chain';
import type { BreakKind, BreakStatus } from '../breaks/kinds';
import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { type CloudEvent, cloudEvent, type EventData, type EventType, startOfBusinessDate } from './envelope';

/** A break as the previous night listed it: what tonight is compared with. */
export interface PreviousBreak {
  readonly status: BreakStatus;
  readonly kind: BreakKind;
  readonly stakeCents: number;
  readonly firstSeen: IsoDate | null;
  readonly version: number;
}

export interface BreakNight {
  readonly environment: string;
  readonly asOf: IsoDate;
  readonly views: readonly BreakView[];
  /** The previous night's list by break id; empty on the first night (every break seen is opened). */
  readonly previous: ReadonlyMap<string, PreviousBreak>;
}

/** The kinds that have an event of their own besides `recon.break.opened`, for subscribers of that one fact. */
const OPENED_KIND_EVENTS: Partial<Record<BreakKind, EventType>> = {
  DEPOSIT_MISSING: 'recon.deposit.missing',
  FEE_ABOVE_CONTRACT: 'recon.fee.above-contract',
};

function dataOf(view: BreakView): EventData {
  const { subject } = view;
  return {
    breakId: view.id,
    ref: view.ref,
    kind: view.kind,
    status: view.status,
    stakeCents: view.stakeCents,
    firstSeen: view.firstSeen,
    acquirer: subject.acquirer,
    merchant: subject.merchant,
    saleDate: subject.saleDate,
    nsu: subject.nsu,
    installment: subject.installment,
    dueDate: subject.dueDate,
    place: subject.place ?? null,
    decisionStatus: view.decision?.status ?? null,
    version: view.version,
  };
}

/**
 * Opened: seen tonight with a first-seen date the previous night did not list (a new break, one
 * back after it was resolved, or one that entered another action state). Reopened: REOPENED tonight
 * and not with the same money and version the night before. Resolved: listed open the night before
 * and resolved or gone tonight.
 */
export function breakEvents({ environment, asOf, views, previous }: BreakNight): CloudEvent[] {
  const events: CloudEvent[] = [];
  const add = (type: EventType, view: BreakView, change: string, time: string) =>
    events.push(cloudEvent({ environment, type, subject: view.id, change, time, data: dataOf(view) }));
  for (const view of views) {
    const before = previous.get(view.id);
    if (view.firstSeen !== null && view.status !== 'RESOLVED' && before?.firstSeen !== view.firstSeen) {
      const opened = startOfBusinessDate(view.firstSeen);
      add('recon.break.opened', view, view.firstSeen, opened);
      const ofKind = OPENED_KIND_EVENTS[view.kind];
      if (ofKind) add(ofKind, view, view.firstSeen, opened);
    }
    const money = `v${view.version}|${view.kind}|${view.stakeCents}`;
    const wasReopened =
      before?.status === 'REOPENED' && `v${before.version}|${before.kind}|${before.stakeCents}` === money;
    if (view.status === 'REOPENED' && !wasReopened)
      add('recon.break.reopened', view, money, startOfBusinessDate(asOf));
    if (view.status === 'RESOLVED' && before !== undefined && before.status !== 'RESOLVED')
      add('recon.break.resolved', view, asOf, startOfBusinessDate(asOf));
  }
  const listed = new Set(views.map((v) => v.id));
  for (const [id, before] of previous) {
    if (listed.has(id) || before.status === 'RESOLVED') continue;
    // Gone from the list: nobody decided on it and the data no longer shows it.
    events.push(
      cloudEvent({
        environment,
        type: 'recon.break.resolved',
        subject: id,
        change: asOf,
        time: startOfBusinessDate(asOf),
        data: { breakId: id, kind: before.kind, status: 'RESOLVED', stakeCents: before.stakeCents },
      }),
    );
  }
  return events;
}

/** One event per decision taken (an undo included), its id the break and the decision's version. */
export function decisionEvents(environment: string, decided: readonly BreakEvent[]): CloudEvent[] {
  return decided.map((event) =>
    cloudEvent({
      environment,
      type: 'recon.decision.taken',
      subject: event.breakId,
      change: `v${event.version}`,
      time: event.at,
      data: {
        breakId: event.breakId,
        version: event.version,
        action: event.action,
        actor: event.actor,
        statusBefore: event.before?.status ?? null,
        status: event.after?.status ?? null,
        reason: event.after?.reason ?? null,
        note: event.after?.note ?? null,
        ticket: event.after?.ticket ?? null,
        assignee: event.after?.assignee ?? null,
        deadline: event.after?.deadline ?? null,
        undoes: event.undoes ?? null,
        hash: event.hash,
      },
    }),
  );
}
