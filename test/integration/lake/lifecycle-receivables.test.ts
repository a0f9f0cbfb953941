/**
 * The receivable queries over change-log rows in the lifecycle states (docs/lifecycle.md): the new
 * states group like any other, the cash agenda owes what is expected after a partial cancellation,
 * and a row written before the lifecycle columns still reads as it did.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVABLE_CHANGES_TABLE } from '../../../lambdas/core/receivable-store/changes-table';
import { encodeChanges } from '../../../lambdas/core/receivable-store/snapshot-export';
import { type LocalS3, startLocalS3 } from '../../../local/aws/s3';
import { type LocalLake, openLocalLake } from '../../../local/lake/duckdb';

interface Money {
  forecast: number | null;
  settled: number;
  cancelled?: number;
  chargedBack?: number;
  adjustment?: number;
  advanceFee?: number;
}

function row(n: number, status: string, reason: string, money: Money): Record<string, unknown> {
  const expected = (money.forecast ?? 0) - (money.cancelled ?? 0) + (money.adjustment ?? 0);
  const received = money.settled - (money.chargedBack ?? 0);
  return {
    receivable_key: `L${n}`,
    acquirer: 'CIELO',
    merchant: 'EC1',
    sale_date: '2025-03-01',
    nsu: String(n),
    authorization: `A${n}`,
    installment: 1,
    brand: 'VISA',
    status,
    reason,
    forecast_net_cents: money.forecast,
    settled_net_cents: money.settled,
    difference_cents: received + (money.advanceFee ?? 0) - expected,
    due_date: '2025-04-01',
    version: 1,
    overdue_on: status === 'OPEN' ? '2025-04-06' : null,
    cancelled_net_cents: money.cancelled ?? 0,
    charged_back_net_cents: money.chargedBack ?? 0,
    adjustment_net_cents: money.adjustment ?? 0,
    advance_fee_cents: money.advanceFee ?? 0,
    expected_net_cents: expected,
    received_net_cents: received,
    last_chargeback_date: money.chargedBack ? '2025-04-20' : null,
  };
}

const ROWS = [
  row(1, 'CANCELLED', 'CANCELLED_BEFORE_PAYMENT', { forecast: 10_000, settled: 0, cancelled: 10_000 }),
  row(2, 'CHARGED_BACK', 'CHARGEBACK', { forecast: 20_000, settled: 20_000, chargedBack: 20_000 }),
  row(3, 'ADVANCED', 'ADVANCE', { forecast: 30_000, settled: 29_100, advanceFee: 900 }),
  // Partly cancelled and not paid yet: 40,000 forecast, 15,000 cancelled, 25,000 still due.
  row(4, 'OPEN', 'AWAITING_PAYMENT', { forecast: 40_000, settled: 0, cancelled: 15_000 }),
  row(5, 'UNDERPAID', 'SHORT_PAYMENT', { forecast: 50_000, settled: 44_000, adjustment: -5_000 }),
  row(6, 'UNLINKED', 'CHARGEBACK_WITHOUT_SALE', { forecast: null, settled: 0, chargedBack: 7_000 }),
];

/** A row of the change log written before the lifecycle columns existed (they read as null). */
const FIRST_LIFECYCLE = RECEIVABLE_CHANGES_TABLE.columns.findIndex((c) => c.name === 'cancelled_net_cents');
const BEFORE_LIFECYCLE = new Set<string>(
  RECEIVABLE_CHANGES_TABLE.columns.slice(0, FIRST_LIFECYCLE).map((c) => c.name),
);
const OLDER = Object.fromEntries(
  Object.entries(row(7, 'OPEN', 'AWAITING_PAYMENT', { forecast: 60_000, settled: 0 })).filter(([column]) =>
    BEFORE_LIFECYCLE.has(column),
  ),
);

describe('receivable queries in the lifecycle states', () => {
  let s3: LocalS3;
  let workDir: string;
  let lake: LocalLake;

  beforeAll(async () => {
    s3 = await startLocalS3();
    workDir = await mkdtemp(join(tmpdir(), 'recon-lifecycle-changes-'));
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${RECEIVABLE_CHANGES_TABLE.prefix}changed_on=2025-04-21/part-00000.parquet`,
        Body: encodeChanges([...ROWS, OLDER]),
      }),
    );
    lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
  });
  afterAll(async () => {
    lake.close();
    await s3.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('receivables_by_state: every new state, with what it expects and received', async () => {
    const rows = await lake.runNamedQuery('receivables_by_state', { as_of: '2025-04-21' });
    expect(rows.map((r) => [r.status, r.receivables, r.expected_net_cents, r.received_net_cents])).toEqual([
      ['ADVANCED', 1, 30_000, 29_100],
      ['CANCELLED', 1, 0, 0],
      ['CHARGED_BACK', 1, 20_000, 0],
      ['OVERDUE', 2, 25_000 + 60_000, 0],
      ['UNDERPAID', 1, 45_000, 44_000],
      ['UNLINKED', 1, 0, -7_000],
    ]);
  });

  it("who_owes_what: the book per acquirer with the report's definitions of late, short and taken back", async () => {
    expect(await lake.runNamedQuery('who_owes_what', { as_of: '2025-04-21' })).toEqual([
      {
        acquirer: 'CIELO',
        expected_cents: 210_000,
        received_cents: 93_100,
        // Past grace and unpaid: what is still expected of L4 (after its cancellation) and the older L7.
        late_cents: 25_000 + 60_000,
        paid_short_cents: 1_000,
        // Cancellations (L1, L4) and chargebacks (L2, and L6 without its sale); the older row has none.
        taken_back_cents: 10_000 + 15_000 + 20_000 + 7_000,
      },
    ]);
  });

  it('receipts_by_due_date: owes the expected amount, a cancelled receivable nothing', async () => {
    expect(await lake.runNamedQuery('receipts_by_due_date', { as_of: '2025-04-21' })).toEqual([
      {
        due_date: '2025-04-01',
        status: 'OVERDUE',
        receivables: 2,
        forecast_net_cents: 100_000,
        expected_net_cents: 85_000,
      },
    ]);
  });

  it('divergences and receivables_as_of carry the lifecycle amounts', async () => {
    const divergences = await lake.runNamedQuery('divergences', { as_of: '2025-04-21' });
    expect(divergences).toEqual([
      expect.objectContaining({
        receivable_key: 'L5',
        difference_cents: -1_000,
        expected_net_cents: 45_000,
        received_net_cents: 44_000,
        advance_fee_cents: 0,
      }),
    ]);
    const all = await lake.runNamedQuery('receivables_as_of', { as_of: '2025-04-21' });
    expect(all.find((r) => r.receivable_key === 'L2')).toMatchObject({
      status: 'CHARGED_BACK',
      charged_back_net_cents: 20_000,
      last_chargeback_date: '2025-04-20',
    });
    expect(all.find((r) => r.receivable_key === 'L3')).toMatchObject({ advance_fee_cents: 900 });
  });
});
