/**
 * Breaks as a finance team works them: what the data shows (receivables in an action state, from
 * the action list kept night to night: work bounded by what needs action, never the book) joined
 * with what people decided (decision-store.ts). The only decision that writes receivables is a
 * manual match (manual-match.ts), which moves an unexpected payment's money to its forecast; a
 * credit's manual match (deposit-match.ts) is read by the night's deposit match; every other
 * decision leaves the money as it is, and the money never erases a decision.
 */
import { isExpired } from '../book/expiry';
import { addDays, type IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import { dateOfDepositIdentity } from '../deposits/result-identity';
import type { DepositResult } from '../deposits/types';
import type { DatedOvercharge } from '../fee-audit/overcharges-lake';
import { linesHorizonDays } from '../fee-audit/standing';
import { readReceivables } from '../receivable-store/batch-read';
import type { ReceivableLinks } from '../receivable-store/links';
import { STORED_ACTION_STATES } from '../receivables/action-states';
import { expiryDateOf } from '../receivables/horizon';
import { matchedFrom } from '../receivables/manual-match';
import { forEachScannedPage, type TableDeps } from '../receivables/queries';
import { type BreakEvent, type ChainProblem, verifyChain } from './chain';
import { DecisionRefusedError, type DecisionRequest, type DecisionRules, decide } from './decision';
import { buildDecisionStore, type Head } from './decision-store';
import { isDepositBreakId, observedOfDeposit } from './deposit-breaks';
import { checkDepositMatch, depositLinksOf, resultReader } from './deposit-match';
import { isFeeBreakId, observedOfOvercharges } from './fee-breaks';
import { checkMatch, receivableKeyOf, settleLinks } from './manual-match';
import { type BreakBasis, type ObservedBreak, observedOfReceivable, receivableBreakId } from './observed';
import { type BreakView, breakView } from './status';

export interface BreaksDeps extends TableDeps {
  readonly config: Pick<ReconConfig, 'hotHorizonDays' | 'tolerance' | 'graceDays'>;
  readonly rules: DecisionRules;
  readonly now: () => Date;
  /** The bank leg's results dated in a range (deposits/results-lake.ts); absent: no deposit breaks. */
  readonly depositResults?: (range: {
    readonly from: IsoDate;
    readonly to: IsoDate;
  }) => Promise<readonly DepositResult[]>;
  /** The fee audit's lines kept for the nights in a range (fee-audit/overcharges-lake.ts); absent: no fee breaks. */
  readonly feeOvercharges?: (range: {
    readonly from: IsoDate;
    readonly to: IsoDate;
  }) => Promise<readonly DatedOvercharge[]>;
  /**
   * The receivables' breaks on a date: the latest kept action list and the touched log since it
   * (action-list/store.ts, `read`). Absent: a Scan of the table for them (tests, small tables).
   */
  readonly receivableBreaks?: (asOf: IsoDate) => Promise<readonly ObservedBreak[]>;
  /** Hears of every event written (the lake's copy of the audit log); its failure fails the call, the event stays. */
  readonly onEvent?: (event: BreakEvent) => Promise<void>;
  /** The receivables' side of a manual match; absent: a match is refused, pending ones wait for a reader that has it. */
  readonly links?: ReceivableLinks;
}

export interface DecisionCommand {
  readonly breakId: string;
  readonly request: DecisionRequest;
  readonly actor: string;
  /** The version the caller read; omitted, the current one (no check against a stale read). */
  readonly expected?: number;
  /** The business date the decision is taken on (a dispute's deadline counts from it). */
  readonly asOf: IsoDate;
}

export interface Verification {
  readonly breaks: number;
  readonly events: number;
  readonly problems: ChainProblem[];
}

/** Days of deposit results a listing reads when the book keeps every receivable (`hotHorizonDays` null). */
const DEPOSIT_BREAK_DAYS = 400;

export function buildBreaks(deps: BreaksDeps) {
  const store = buildDecisionStore(deps);
  const live = (observed: ObservedBreak | undefined, expiry: IsoDate | undefined, asOf: IsoDate) =>
    observed !== undefined && !isExpired(expiry, asOf) ? observed : undefined;

  /** The receivables' breaks read from the table itself: a Scan of every item, kept to the action states. */
  async function scannedBreaks(asOf: IsoDate): Promise<ObservedBreak[]> {
    const found: ObservedBreak[] = [];
    await forEachScannedPage(deps, { statuses: STORED_ACTION_STATES }, (page) => {
      for (const r of page) {
        const observed = live(observedOfReceivable(r), expiryDateOf(r, deps.config), asOf);
        if (observed) found.push(observed);
      }
    });
    return found;
  }
  const receivableBreaks = deps.receivableBreaks ?? scannedBreaks;

  /**
   * Every break: receivables in an action state, and deposit and fee breaks of the results kept for
   * the hot horizon (a missing deposit stays a pendência after its night's period moved on).
   */
  async function observedAll(
    asOf: IsoDate,
    receivables?: readonly ObservedBreak[],
  ): Promise<Map<string, ObservedBreak>> {
    const listed = receivables ?? (await receivableBreaks(asOf));
    const found = new Map<string, ObservedBreak>(listed.map((o) => [o.id, o]));
    const from = addDays(asOf, -(deps.config.hotHorizonDays ?? DEPOSIT_BREAK_DAYS));
    for (const observed of await observedDeposits({ from, to: asOf })) found.set(observed.id, observed);
    for (const observed of await observedFees(asOf)) found.set(observed.id, observed);
    return found;
  }

  /**
   * The fee breaks of the nights kept for the hot horizon: a line's id carries no date, so one break
   * is read as the whole list is, by days, never through the receivables.
   */
  async function observedFees(asOf: IsoDate): Promise<ObservedBreak[]> {
    const from = addDays(asOf, -linesHorizonDays(deps.config));
    return observedOfOvercharges((await deps.feeOvercharges?.({ from, to: asOf })) ?? []);
  }

  /** The deposit breaks of the results dated in `range`. */
  async function observedDeposits(range: { from: IsoDate; to: IsoDate }): Promise<ObservedBreak[]> {
    const results = (await deps.depositResults?.(range)) ?? [];
    return results.flatMap((r) => observedOfDeposit(r) ?? []);
  }

  async function observedOne(breakId: string, asOf: IsoDate): Promise<ObservedBreak | undefined> {
    if (isDepositBreakId(breakId)) {
      const date = dateOfDepositIdentity(breakId);
      return (await observedDeposits({ from: date, to: date })).find((o) => o.id === breakId);
    }
    if (isFeeBreakId(breakId)) return (await observedFees(asOf)).find((o) => o.id === breakId);
    const key = receivableKeyOf(breakId);
    if (key === undefined) return undefined;
    const r = (await readReceivables(deps, [key])).get(key);
    return r ? live(observedOfReceivable(r), expiryDateOf(r, deps.config), asOf) : undefined;
  }

  /** A decision's receivable writes left pending (a process that stopped): done now, when this reader can. */
  async function settle(head: Head): Promise<void> {
    if (deps.links && head.linked < head.version) await settleLinks(deps.links, store, head);
  }

  /** The breaks of the payments (credits) a person matched to this receivable (deposit). */
  async function matchedInto(breakId: string): Promise<string[]> {
    if (isDepositBreakId(breakId)) {
      return depositLinksOf(await store.heads()).flatMap((l) => (l.deposit === breakId ? [l.credit] : []));
    }
    const key = receivableKeyOf(breakId);
    const r = key === undefined ? undefined : (await readReceivables(deps, [key])).get(key);
    return r ? matchedFrom(r).map(receivableBreakId) : [];
  }

  /** Refuses a manual match the data does not allow (manual-match.ts, deposit-match.ts). */
  async function checkMatchRequest(breakId: string, to: string): Promise<void> {
    if (isDepositBreakId(breakId) && deps.depositResults) {
      return checkDepositMatch(breakId, to, resultReader(deps.depositResults), await store.heads());
    }
    if (!deps.links) throw new DecisionRefusedError('manual match is not available here', 'match-target');
    const source = receivableKeyOf(breakId) ?? '';
    const found = await readReceivables(deps, [...new Set([source, to])]);
    checkMatch(found.get(source), found.get(to), to);
  }

  /** Hands `events` to the listener (the lake's copy), then marks them copied. */
  async function copyToLake(breakId: string, events: readonly BreakEvent[]): Promise<void> {
    const last = events.at(-1);
    if (!deps.onEvent || last === undefined) return;
    for (const event of events) await deps.onEvent(event);
    await store.markCopied(breakId, last.version);
  }

  return {
    /**
     * The events written to the table whose lake copy is not known to be written (a process that
     * stopped, or a bucket that refused, after the event): copied again, to the same keys. One Query
     * of the projections, then the events of those breaks only. Returns how many were copied.
     */
    async copyPending(): Promise<number> {
      if (!deps.onEvent) return 0;
      let copied = 0;
      for (const head of await store.heads()) {
        if (head.copied >= head.version) continue;
        const pending = (await store.events(head.breakId)).filter((e) => e.version > head.copied);
        await copyToLake(head.breakId, pending);
        copied += pending.length;
      }
      return copied;
    },

    /**
     * Every break the data shows or somebody decided, largest money at stake first. `receivables`:
     * the receivables' breaks as the night's kept action list has them (the summary's), instead of
     * reading that list again.
     */
    async list(asOf: IsoDate, receivables?: readonly ObservedBreak[]): Promise<BreakView[]> {
      let heads = await store.heads();
      const pending = deps.links ? heads.filter((h) => h.linked < h.version) : [];
      for (const head of pending) await settle(head);
      if (pending.length > 0) heads = await store.heads();
      const observed = await observedAll(asOf, receivables);
      const byId = new Map<string, Head>(heads.map((h) => [h.breakId, h]));
      const ids = new Set([...observed.keys(), ...heads.filter((h) => h.decision).map((h) => h.breakId)]);
      return [...ids]
        .map((id) => breakView(id, observed.get(id), byId.get(id), asOf))
        .sort((a, b) => b.stakeCents - a.stakeCents || a.id.localeCompare(b.id));
    },

    /** One break with its history, and the money behind it (forecast and received) as the data shows it. */
    async show(
      breakId: string,
      asOf: IsoDate,
    ): Promise<
      { view: BreakView; events: BreakEvent[]; basis?: BreakBasis; matchedFrom?: string[] } | undefined
    > {
      await settle(await store.head(breakId));
      const [observed, head, events] = await Promise.all([
        observedOne(breakId, asOf),
        store.head(breakId),
        store.events(breakId),
      ]);
      if (!observed && !head.decision && events.length === 0) return undefined;
      if (!observed && !head.decision) return { view: resolvedUndecided(breakId, events, asOf), events };
      const basis = observed?.basis ?? head.decision?.basis;
      const matched = observed ? await matchedInto(breakId) : [];
      return {
        view: breakView(breakId, observed, head, asOf),
        events,
        ...(basis ? { basis } : {}),
        ...(matched.length > 0 ? { matchedFrom: matched } : {}),
      };
    },

    /** Takes one decision; returns the break as it now stands. */
    async decide(command: DecisionCommand): Promise<{ view: BreakView; event: BreakEvent }> {
      const now = deps.now();
      const today = command.asOf;
      await settle(await store.head(command.breakId));
      const { request } = command;
      if (request.action === 'match') await checkMatchRequest(command.breakId, request.to);
      const [observed, head, history] = await Promise.all([
        observedOne(command.breakId, today),
        store.head(command.breakId),
        store.events(command.breakId),
      ]);
      const expected = command.expected ?? head.version;
      const outcome = decide(request, observed, history, deps.rules, today);
      const event = await store.append(
        {
          breakId: command.breakId,
          at: now.toISOString(),
          actor: command.actor,
          action: request.action,
          before: head.decision,
          after: outcome.after,
          ...(outcome.undoes === undefined ? {} : { undoes: outcome.undoes }),
        },
        expected,
        now,
      );
      await settle(await store.head(command.breakId));
      // Any earlier event whose copy is missing goes with it, so the mark never skips one.
      await copyToLake(event.breakId, [...history.filter((e) => e.version > head.copied), event]);
      const projected = { decision: event.after, version: event.version };
      const view =
        observed || event.after ? breakView(command.breakId, observed, projected, today) : undefined;
      return { view: view ?? resolvedUndecided(command.breakId, [...history, event], today), event };
    },

    async history(breakId: string): Promise<BreakEvent[]> {
      await store.head(breakId);
      return store.events(breakId);
    },

    /** Brings every projection up to its events, then checks every chain. */
    async verify(): Promise<Verification> {
      const stored = await store.heads();
      let events = 0;
      const problems: ChainProblem[] = [];
      for (const { breakId } of stored) {
        const head = await store.head(breakId);
        const chain = await store.events(breakId);
        events += chain.length;
        problems.push(...verifyChain(breakId, chain, head));
      }
      return { breaks: stored.length, events, problems };
    },
  };
}

export type Breaks = ReturnType<typeof buildBreaks>;

/** A break whose every decision was undone and that the data no longer shows: its last known basis. */
function resolvedUndecided(breakId: string, events: readonly BreakEvent[], asOf: IsoDate): BreakView {
  const known = [...events].reverse().find((e) => e.before ?? e.after);
  const decision = known?.before ?? known?.after ?? null;
  return { ...breakView(breakId, undefined, { decision, version: events.length }, asOf), decision: null };
}
