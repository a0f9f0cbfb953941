import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../lambdas/core/calendar';
import { depositRange } from '../../../lambdas/core/deposits/range';
import { buildDepositReconciler, type DepositReconcilerDeps } from '../../../lambdas/core/deposits/reconcile';
import type { BankCredit, DepositResult, ExpectedDeposit } from '../../../lambdas/core/deposits/types';
import { bankCredit, depositsConfig, expectedDeposit } from '../../support/deposits';

const NO_INBOX = { files: 0, taken: 0, quarantined: [], quarantinedTransactions: [], failed: [] };

/** A reconciler over fixed stores that records what it was asked and what it wrote. */
function reconcilerOver(
  expected: ExpectedDeposit[],
  credits: BankCredit[],
  anyStatement = true,
  inbox: Pick<DepositReconcilerDeps, 'importInbox' | 'warn'> = { importInbox: async () => NO_INBOX },
) {
  const asked: { expected?: [IsoDate, IsoDate]; credits?: [IsoDate, IsoDate] } = {};
  const written: { results: readonly DepositResult[]; range: { from: IsoDate; to: IsoDate } }[] = [];
  const deps: DepositReconcilerDeps = {
    config: depositsConfig({ lookbackDays: 10 }),
    ...inbox,
    anyStatement: async () => anyStatement,
    readExpected: async ({ from, to }) => {
      asked.expected = [from, to];
      const deposits = expected.filter((d) => d.paymentDate >= from && d.paymentDate <= to);
      return { deposits, withoutAccount: [] };
    },
    listTransactions: async (from, to) => {
      asked.credits = [from, to];
      return credits.filter((c) => c.postedDate >= from && c.postedDate <= to);
    },
    writeResults: async (results, range) => {
      written.push({ results, range });
    },
  };
  return { reconcile: buildDepositReconciler(deps), asked, written };
}

describe('the nightly deposit pass', () => {
  it('recomputes the run period and the lookback, never past 90 days', () => {
    const config = { lookbackDays: 10 };
    expect(depositRange({ from: '2025-04-09' }, '2025-04-10', config)).toEqual({
      from: '2025-03-31',
      to: '2025-04-10',
    });
    expect(depositRange({ from: '2025-03-01' }, '2025-04-10', config)).toEqual({
      from: '2025-03-01',
      to: '2025-04-10',
    });
    expect(depositRange({ from: '2024-01-01' }, '2025-04-10', config)).toEqual({
      from: '2025-01-10',
      to: '2025-04-10',
    });
  });

  it('is off, storing nothing, until a statement was ever taken in', async () => {
    const { reconcile, written } = reconcilerOver(
      [expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 100 })],
      [],
      false,
    );
    const outcome = await reconcile({ from: '2025-04-09' }, '2025-04-10');
    expect(outcome.state).toBe('OFF');
    expect(outcome.results).toEqual([]);
    expect(written).toEqual([]);
  });

  it('lets a deposit paid before the range take its credit inside it, and reports only the range', async () => {
    // Paid 2025-03-28 (Friday), credited 2025-03-31 (Monday), the range's first day.
    const before = expectedDeposit({ paymentDate: '2025-03-28', expectedCents: 700 });
    const inside = expectedDeposit({ paymentDate: '2025-04-01', expectedCents: 500 });
    const credits = [
      bankCredit({ postedDate: '2025-03-31', amountCents: 700, identity: 'late' }),
      bankCredit({ postedDate: '2025-04-01', amountCents: 500, identity: 'on-time' }),
    ];
    const { reconcile, asked, written } = reconcilerOver([before, inside], credits);
    const outcome = await reconcile({ from: '2025-04-09' }, '2025-04-10');
    expect(outcome.from).toBe('2025-03-31');
    expect(asked.expected?.[0] ?? '').toMatch(/^2025-03-(1|2[0-7])/);
    expect(outcome.results.map((r) => [r.status, r.paymentDate, r.creditDate])).toEqual([
      ['DEPOSITED', '2025-04-01', '2025-04-01'],
    ]);
    expect(written).toEqual([{ results: outcome.results, range: { from: '2025-03-31', to: '2025-04-10' } }]);
  });

  it('warns of the statements it could not take in, bank leg on or off, and is silent when all came in', async () => {
    const refused = {
      ...NO_INBOX,
      files: 3,
      taken: 1,
      quarantined: [{ name: 'broken.ofx', reason: 'NOT_OFX', detail: 'no OFX header' }],
      failed: [{ name: 'later.ofx' }],
    };
    for (const anyStatement of [true, false]) {
      const warnings: unknown[] = [];
      const { reconcile } = reconcilerOver([], [], anyStatement, {
        importInbox: async () => refused,
        warn: (message, details) => void warnings.push({ message, details }),
      });
      expect((await reconcile({ from: '2025-04-09' }, '2025-04-10')).inbox).toEqual(refused);
      expect(warnings).toEqual([
        {
          message: 'bank statements not taken in',
          details: {
            quarantined: [{ name: 'broken.ofx', reason: 'NOT_OFX', detail: 'no OFX header' }],
            failed: ['later.ofx'],
          },
        },
      ]);
    }
    const warnings: unknown[] = [];
    const { reconcile } = reconcilerOver([], [], true, {
      importInbox: async () => ({ ...NO_INBOX, files: 1, taken: 1 }),
      warn: (message) => void warnings.push(message),
    });
    await reconcile({ from: '2025-04-09' }, '2025-04-10');
    expect(warnings).toEqual([]);
  });
});
