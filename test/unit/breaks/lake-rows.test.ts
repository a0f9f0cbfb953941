/** The breaks as lake rows: every column of their tables mapped, keys a function of what they hold. */
import { describe, expect, it } from 'vitest';
import { GENESIS, seal } from '../../../lambdas/core/breaks/chain';
import { breakEventKey, breakEventRow } from '../../../lambdas/core/breaks/events-lake';
import { BREAK_EVENTS_TABLE, BREAKS_TABLE } from '../../../lambdas/core/breaks/lake-tables';
import { breakSnapshotRow, breaksSnapshotKey } from '../../../lambdas/core/breaks/snapshot-lake';
import { breakView } from '../../../lambdas/core/breaks/status';
import { basis, decision, observed } from './fixtures';

const ID = observed().id;
const treated = { ...decision('IN_TREATMENT'), note: 'ligar', ticket: 'T-9', assignee: 'bia' };
const accepted = {
  ...decision('ACCEPTED', basis('PAID_SHORT', 7)),
  note: 'centavos',
  reason: 'arredondamento',
};

/** An event at 01:30 UTC of April 2: still April 1 in São Paulo (UTC-3). */
const event = (version: number, before = treated, after: typeof accepted | null = accepted) =>
  seal({
    breakId: ID,
    version,
    at: '2025-04-02T01:30:00.000Z',
    actor: 'ana',
    action: after ? 'accept' : 'undo',
    before,
    after,
    ...(after ? {} : { undoes: version - 1 }),
    prevHash: GENESIS,
  });

const columnsOf = (table: { columns: readonly { name: string }[] }) => table.columns.map((c) => c.name);

describe('an audit event as a row of recon_break_events', () => {
  it('holds every column, the decision it leaves in force and the money it was about', () => {
    const e = event(2);
    const row = breakEventRow(e);
    expect(Object.keys(row)).toEqual(columnsOf(BREAK_EVENTS_TABLE));
    expect(row).toMatchObject({
      break_id: ID,
      version: 2,
      actor: 'ana',
      action: 'accept',
      status_before: 'IN_TREATMENT',
      status_after: 'ACCEPTED',
      reason: 'arredondamento',
      note: 'centavos',
      ticket: null,
      assignee: null,
      undoes: null,
      kind: 'PAID_SHORT',
      stake_cents: 7,
      acquirer: 'STONE',
      prev_hash: GENESIS,
      hash: e.hash,
    });
    expect(row.ref).toMatch(/^[0-9a-f]{10}$/);
  });

  it('keeps the money of an undo back to no decision from the decision it took back', () => {
    const row = breakEventRow(event(2, treated, null));
    expect(row).toMatchObject({
      action: 'undo',
      status_before: 'IN_TREATMENT',
      status_after: null,
      undoes: 1,
    });
    expect(row).toMatchObject({ note: null, kind: 'PAID_SHORT', stake_cents: 7 });
  });

  it("is keyed by break and version under the decision's São Paulo date", () => {
    const key = breakEventKey(event(3));
    expect(key).toMatch(/^breaks\/events\/decided_on=2025-04-01\/[0-9a-f]{64}-v3\.jsonl$/);
    expect(breakEventKey(event(3))).toBe(key);
    expect(breakEventKey(event(4))).not.toBe(key);
    expect(breakEventKey({ ...event(3), breakId: `${ID}x` })).not.toBe(key);
  });
});

describe("a break's view as a row of recon_breaks", () => {
  it('holds every column, its subject, age and decision', () => {
    const view = breakView(
      ID,
      observed(basis(), '2025-03-01'),
      { decision: treated, version: 1 },
      '2025-04-10',
    );
    const row = breakSnapshotRow(view);
    expect(Object.keys(row)).toEqual(columnsOf(BREAKS_TABLE));
    expect(row).toEqual({
      break_id: ID,
      ref: view.ref,
      kind: 'PAID_SHORT',
      status: 'IN_TREATMENT',
      acquirer: 'STONE',
      merchant: '1023456',
      sale_date: '2025-01-10',
      nsu: '574438',
      installment: 1,
      due_date: '2025-02-10',
      place: null,
      stake_cents: 7,
      first_seen: '2025-03-01',
      age_days: 40,
      age_bucket: '31-60',
      decision_status: 'IN_TREATMENT',
      reason: null,
      note: 'ligar',
      ticket: 'T-9',
      assignee: 'bia',
      deadline: null,
      version: 1,
    });
  });

  it('reads a resolved break with no age and an undecided one with no decision', () => {
    const resolved = breakSnapshotRow(
      breakView(ID, undefined, { decision: accepted, version: 2 }, '2025-04-10'),
    );
    expect(resolved).toMatchObject({
      status: 'RESOLVED',
      first_seen: null,
      age_days: null,
      age_bucket: null,
    });
    const fresh = breakSnapshotRow(breakView(ID, observed(basis(), '2025-04-10'), undefined, '2025-04-10'));
    expect(fresh).toMatchObject({
      status: 'NEW',
      decision_status: null,
      note: null,
      version: 0,
      age_bucket: '0-7',
    });
  });

  it('is one object per night', () => {
    expect(breaksSnapshotKey('2025-04-10')).toBe('breaks/snapshots/as_of=2025-04-10/breaks.jsonl');
  });
});
