/**
 * Breaks through the real local pipeline (simulator with variance, synthesized state machine, real
 * steps, dynalite, s3rver): a team decides on every break of the morning, the list reaches zero, a
 * re-run keeps every decision, and a later report that restates the chargebacks (new money) reopens
 * the disputed ones, which the next morning's message says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionRequest } from '../../../lambdas/core/breaks/decision';
import { ACTION_STATUSES } from '../../../lambdas/core/breaks/kinds';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import type { LocalWorld } from '../../../local/simulated-world';
import { startLifecycleWorld } from '../../support/lifecycle-world';
import { breaksOf } from '../../support/local-breaks';

const PERIOD = { from: '2025-01-01', to: '2025-03-31', asOf: '2025-04-01' } as const;

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function requestFor(b: BreakView): DecisionRequest {
  if (b.kind === 'CHARGEBACK')
    return { action: 'dispute', note: 'contestado com a adquirente', ticket: 'CB-1' };
  if (b.kind === 'PAID_SHORT' || b.kind === 'PAID_OVER') {
    return { action: 'accept', reason: 'arredondamento', note: 'diferença pequena' };
  }
  return { action: 'treat', note: 'cobrado da adquirente', assignee: 'ana' };
}

const inAction = (views: readonly BreakView[]) => views.filter((b) => ACTION_STATUSES.includes(b.status));

describe('breaks through the nightly pipeline', () => {
  it('keeps every decision across re-runs and reopens the disputed chargebacks a restatement changed', async () => {
    world = await startLifecycleWorld({ graceDays: 3 }, 'traps');
    const run = async (force = false) => {
      const result = await world?.run({ ...PERIOD, ...(force ? { force } : {}) });
      expect(result?.status).toBe('SUCCEEDED');
    };
    await run();
    const breaks = breaksOf(world, '2025-04-01T12:00:00.000Z');
    const morning = inAction(await breaks.list(PERIOD.asOf));
    const kinds = new Set(morning.map((b) => b.kind));
    // Every kind a receivable can show, so each decision's path is taken.
    expect([...kinds].sort()).toEqual([
      'CHARGEBACK',
      'LATE',
      'PAID_OVER',
      'PAID_SHORT',
      'UNEXPECTED',
      'UNLINKED',
    ]);
    for (const b of morning) {
      await breaks.decide({
        breakId: b.id,
        request: requestFor(b),
        actor: 'ana',
        expected: 0,
        asOf: PERIOD.asOf,
      });
    }
    expect(inAction(await breaks.list(PERIOD.asOf))).toEqual([]);
    const decided = await breaks.list(PERIOD.asOf);

    // A re-run brings the same money: every decision stays as it was, and the message says so.
    await run(true);
    expect(await breaks.list(PERIOD.asOf)).toEqual(decided);
    const quiet = world.published.at(-1)?.message ?? '';
    expect(quiet).toMatch(
      /Pendências:\n {2}Em tratativa: .*\n {2}Contestada: .* \(contestação até 01\/05\/2025\)\n {2}\d+ diferenças? aceitas?, R\$/,
    );
    expect(quiet).not.toMatch(/Reaberta|Nova:|Persistente/);

    // A later report restates every chargeback: the disputed ones are reopened, the rest kept.
    world.simulator.setFaults({ correctedChargebacks: true });
    await run(true);
    const after = await breaks.list(PERIOD.asOf);
    const reopened = after.filter((b) => b.status === 'REOPENED');
    const disputed = decided.filter((b) => b.status === 'DISPUTED');
    expect(reopened.map((b) => b.id).sort()).toEqual(disputed.map((b) => b.id).sort());
    expect(reopened.every((b) => b.decision?.status === 'DISPUTED')).toBe(true);
    // Every other decision is as it was; what the restatement brought that nobody saw before is new.
    const byId = new Map(after.map((b) => [b.id, b]));
    for (const before of decided.filter((b) => b.status !== 'DISPUTED'))
      expect(byId.get(before.id)).toEqual(before);
    const known = new Set(decided.map((b) => b.id));
    expect(after.filter((b) => !known.has(b.id)).every((b) => b.status === 'NEW')).toBe(true);
    expect(world.published.at(-1)?.message).toMatch(new RegExp(`Reaberta: ${reopened.length} pendência`));
    expect((await breaks.verify()).problems).toEqual([]);
  }, 180_000);
});
