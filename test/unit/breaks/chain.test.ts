import { describe, expect, it } from 'vitest';
import { type BreakEvent, GENESIS, seal, verifyChain } from '../../../lambdas/core/breaks/chain';
import { decision } from './fixtures';

const ID = 'r:k';

function chain(length: number): BreakEvent[] {
  const events: BreakEvent[] = [];
  for (let version = 1; version <= length; version += 1) {
    const prevHash = events[version - 2]?.hash ?? GENESIS;
    const after = version % 2 ? decision('IN_TREATMENT') : null;
    events.push(
      seal({
        breakId: ID,
        version,
        at: `2025-04-0${version}T12:00:00.000Z`,
        actor: 'ana',
        action: 'treat',
        before: null,
        after,
        prevHash,
      }),
    );
  }
  return events;
}

const headOf = (events: readonly BreakEvent[]) => ({
  version: events.length,
  hash: events.at(-1)?.hash ?? GENESIS,
});

describe('the chain of audit events', () => {
  it('holds for events as written', () => {
    const events = chain(4);
    expect(verifyChain(ID, events, headOf(events))).toEqual([]);
  });

  it('names an altered event', () => {
    const events = chain(4);
    const altered = events.map((e) => (e.version === 2 ? { ...e, actor: 'mallory' } : e));
    expect(verifyChain(ID, altered, headOf(events))).toEqual([
      { breakId: ID, version: 2, problem: 'altered: its content does not match its hash' },
    ]);
  });

  it('names a removed event, in the middle or at the end', () => {
    const events = chain(4);
    const middle = events.filter((e) => e.version !== 2);
    expect(verifyChain(ID, middle, headOf(events)).map((p) => p.version)).toContain(2);
    const last = events.slice(0, 3);
    expect(verifyChain(ID, last, headOf(events))).toEqual([
      { breakId: ID, version: 4, problem: 'event missing: the decision is at version 4' },
    ]);
  });

  it('names an event rewritten whole, hash included, by what follows it', () => {
    const events = chain(3);
    const forged = events.map(({ hash, ...e }) =>
      e.version === 2 ? seal({ ...e, actor: 'mallory' }) : { ...e, hash },
    );
    expect(verifyChain(ID, forged, headOf(events))).toEqual([
      { breakId: ID, version: 3, problem: 'does not follow the event before it' },
    ]);
  });
});
