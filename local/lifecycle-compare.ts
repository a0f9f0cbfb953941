/**
 * A simulated world's lifecycle results (docs/lifecycle.md) in the shape of the simulator's
 * `lifecycleTruth`, so the end-to-end test and the benchmarks compare them with one `toEqual`: every
 * receivable's state, reason and amounts (integer centavos), and the account-level totals per
 * acquirer, merchant and date and per acquirer.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AccountItem,
  accountItem,
  fromStoredAccountItem,
} from '../lambdas/core/account-items/account-item-entity';
import type { IsoDate } from '../lambdas/core/calendar';
import { collect, scanPages } from '../lambdas/core/receivables/queries';
import { toReceivableView } from '../lambdas/core/receivables/view';
import type { LocalWorld } from './simulated-world';
import type { AccountTotals, LifecycleReceivable, LifecycleTruth } from './simulator';

/** A receivable as the truth gives it, without the due date (the truth's is the sale's schedule). */
export type LifecycleRow = Omit<LifecycleReceivable, 'dueDate'>;

type Keyed = Pick<
  LifecycleRow,
  'acquirer' | 'merchant' | 'saleDate' | 'nsu' | 'authorization' | 'installment'
>;

const keyOf = (r: Keyed) =>
  JSON.stringify([r.acquirer, r.merchant, r.saleDate, r.nsu, r.authorization, r.installment]);
const byKey = (a: Keyed, b: Keyed) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);

export interface StoredLifecycle {
  /** In match-key order, with each receivable's roles and item version. */
  readonly receivables: readonly { row: LifecycleRow; roles: string; version: number }[];
  readonly accountItems: readonly AccountItem[];
  readonly totals: Pick<LifecycleTruth, 'accountTotals' | 'acquirerTotals'>;
}

/** What the world's table holds, derived for `asOf`. */
export async function storedLifecycle(world: LocalWorld, asOf: IsoDate): Promise<StoredLifecycle> {
  const { documentClient: ddb, tableName } = world.dynamo;
  const stored = await collect(scanPages({ ddb, tableName }));
  const receivables = stored.map((r) => {
    const v = toReceivableView(r, asOf, world.reconConfig);
    const row: LifecycleRow = {
      acquirer: v.acquirer as string,
      merchant: v.merchant as string,
      saleDate: v.saleDate as string,
      nsu: v.nsu as string,
      authorization: v.authorization as string,
      installment: v.installment as number,
      // The simulator's world never matches by hand: no receivable of it is MERGED.
      state: v.status as LifecycleRow['state'],
      reason: v.reason as LifecycleRow['reason'],
      forecastNetCents: v.forecastNetCents,
      cancelledNetCents: v.cancelledNetCents,
      chargedBackNetCents: v.chargedBackNetCents,
      adjustmentNetCents: v.adjustmentNetCents,
      advanceFeeCents: v.advanceFeeCents,
      expectedNetCents: v.expectedNetCents,
      receivedNetCents: v.receivedNetCents,
      settledNetCents: v.settledNetCents,
      differenceCents: v.differenceCents,
      latestChargebackDate: v.lastChargebackDate,
    };
    return { row, roles: v.roles, version: r.version };
  });
  receivables.sort((a, b) => byKey(a.row, b.row));
  const items: AccountItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(pk, :acct)',
        ExpressionAttributeValues: { ':acct': accountItem.pkPrefix },
        ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}),
      }),
    );
    items.push(...(page.Items ?? []).map(fromStoredAccountItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return { receivables, accountItems: items, totals: accountTotalsOf(items) };
}

/** The simulator's truth for the same period, in the same order and shape. */
export function expectedLifecycle(world: LocalWorld, query: { from: IsoDate; to: IsoDate; asOf: IsoDate }) {
  const { graceDays, tolerance } = world.reconConfig;
  const truth = world.simulator.lifecycleTruth({ ...query, graceDays, tolerance });
  const rows: LifecycleRow[] = truth.receivables.map(({ dueDate: _due, ...row }) => row).sort(byKey);
  return { rows, totals: { accountTotals: truth.accountTotals, acquirerTotals: truth.acquirerTotals } };
}

/** Fees as the money taken (positive), adjustments signed, net = adjustments − fees; twins count twice. */
function accountTotalsOf(items: readonly AccountItem[]): StoredLifecycle['totals'] {
  const byDay = new Map<string, AccountTotals>();
  const byAcquirer = new Map<string, AccountTotals>();
  const add = (
    map: Map<string, AccountTotals>,
    id: string,
    fee: number,
    adjustment: number,
    count: number,
  ) => {
    const t = map.get(id) ?? { feeCents: 0, adjustmentCents: 0, netCents: 0, items: 0 };
    map.set(id, {
      feeCents: t.feeCents + fee,
      adjustmentCents: t.adjustmentCents + adjustment,
      netCents: t.netCents + adjustment - fee,
      items: t.items + count,
    });
  };
  for (const item of items) {
    for (const e of item.entries) {
      const { copies } = e.occurrences;
      const [fee, adjustment] = e.role === 'FEE' ? [e.netCents * copies, 0] : [0, e.netCents * copies];
      add(byDay, JSON.stringify([item.acquirer, item.merchant, item.date]), fee, adjustment, copies);
      add(byAcquirer, item.acquirer, fee, adjustment, copies);
    }
  }
  const sorted = [...byDay].sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    accountTotals: sorted.map(([id, totals]) => {
      const [acquirer, merchant, date] = JSON.parse(id) as [string, string, string];
      return { acquirer, merchant, date, ...totals };
    }),
    acquirerTotals: [...byAcquirer]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([acquirer, totals]) => ({ acquirer, ...totals })),
  };
}
