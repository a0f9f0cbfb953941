import { describe, expect, it } from 'vitest';
import { DecisionRefusedError, decide, lastUndoable } from '../../../lambdas/core/breaks/decision';
import { basis, decision, observed, rules } from './fixtures';

const today = '2025-04-01';

describe('decisions on a break', () => {
  it('treats with a note, a ticket and an assignee, holding the money as seen', () => {
    const seen = observed();
    const { after } = decide(
      { action: 'treat', note: ' ligar ', ticket: 'T-1', assignee: 'ana' },
      seen,
      [],
      rules,
      today,
    );
    expect(after).toEqual({
      status: 'IN_TREATMENT',
      note: 'ligar',
      ticket: 'T-1',
      assignee: 'ana',
      basis: seen.basis,
      subject: seen.subject,
    });
  });

  it('refuses a decision without a note, on a resolved break, or an accept reason not configured', () => {
    const refuse = (run: () => unknown, message: RegExp) => expect(run).toThrow(new RegExp(message));
    refuse(() => decide({ action: 'treat', note: '  ' }, observed(), [], rules, today), /note is required/);
    refuse(() => decide({ action: 'treat', note: 'x' }, undefined, [], rules, today), /resolved/);
    refuse(
      () => decide({ action: 'accept', reason: 'preguiça', note: 'x' }, observed(), [], rules, today),
      /not one of breaks.acceptReasons: arredondamento/,
    );
    expect(() => decide({ action: 'undo' }, observed(), [], rules, today)).toThrow(DecisionRefusedError);
  });

  it('disputes only a chargeback, with the deadline the configured days after the decision', () => {
    expect(() => decide({ action: 'dispute', note: 'x' }, observed(), [], rules, today)).toThrow(
      /only a chargeback/,
    );
    const { after } = decide(
      { action: 'dispute', note: 'x' },
      observed(basis('CHARGEBACK', 5000)),
      [],
      rules,
      today,
    );
    expect(after).toMatchObject({ status: 'DISPUTED', deadline: '2025-05-01' });
  });

  it('accepts with a configured reason', () => {
    const { after } = decide(
      { action: 'accept', reason: 'arredondamento', note: 'centavos' },
      observed(),
      [],
      rules,
      today,
    );
    expect(after).toMatchObject({ status: 'ACCEPTED', reason: 'arredondamento', note: 'centavos' });
  });

  it('undoes the latest decision not undone yet, back to the state before it', () => {
    const treated = decision('IN_TREATMENT');
    const history = [
      { version: 1, action: 'treat' as const, before: null },
      { version: 2, action: 'accept' as const, before: treated },
    ];
    expect(decide({ action: 'undo' }, observed(), history, rules, today)).toEqual({
      after: treated,
      undoes: 2,
    });
    const undoneOnce = [...history, { version: 3, action: 'undo' as const, before: decision(), undoes: 2 }];
    expect(decide({ action: 'undo' }, observed(), undoneOnce, rules, today)).toEqual({
      after: null,
      undoes: 1,
    });
    const undoneTwice = [...undoneOnce, { version: 4, action: 'undo' as const, before: treated, undoes: 1 }];
    expect(lastUndoable(undoneTwice)).toBeUndefined();
  });

  it('undoes on a break the data resolved since, restoring its decision', () => {
    const history = [{ version: 1, action: 'accept' as const, before: null }];
    expect(decide({ action: 'undo' }, undefined, history, rules, today)).toEqual({ after: null, undoes: 1 });
  });
});
