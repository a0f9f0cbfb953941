/**
 * A fee above the contract on the inbox's break page: its two amounts are the contracted and the
 * charged fee, never a forecast and a payment.
 */
import { describe, expect, it } from 'vitest';
import { observedOfOvercharges } from '../../../lambdas/core/breaks/fee-breaks';
import { breakView } from '../../../lambdas/core/breaks/status';
import { breakPage } from '../../../lambdas/core/inbox/break-page';
import { pageWordsIn } from '../../../lambdas/core/inbox/words';
import { overchargeLine } from '../../support/overcharges';

describe('a fee break in the inbox', () => {
  it('names its amounts as the contracted and the charged fee', () => {
    const [observed] = observedOfOvercharges([{ auditedOn: '2025-04-09', line: overchargeLine('A', 60) }]);
    if (!observed) throw new Error('a break');
    const page = String(
      breakPage(
        {
          view: breakView(observed.id, observed, undefined, '2025-04-10'),
          basis: observed.basis,
          events: [],
          reasons: ['arredondamento'],
        },
        { name: 'ana', canDecide: true, csrf: 'x' },
        pageWordsIn('pt-BR'),
      ),
    );
    expect(page).toMatch(/<dt>Taxa contratada<\/dt><dd>R\$ 2,39<\/dd>/);
    expect(page).toMatch(/<dt>Taxa cobrada<\/dt><dd>R\$ 2,99<\/dd>/);
    expect(page).not.toContain('<dt>Previsto</dt>');
  });
});
