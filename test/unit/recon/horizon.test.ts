import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../../../lambdas/core/calendar';
import { ConfigError } from '../../../lambdas/core/config-issues';
import type { RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import { archivedCandidate, expiresAtOf, horizonCutoff } from '../../../lambdas/core/receivables/horizon';
import { applyRecords } from '../../../lambdas/core/receivables/matcher';
import { canonical, forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';

const config = reconConfig({
  hotHorizonDays: 400,
  recordRoles: { A2: 'CANCELLATION', E1: 'CHARGEBACK', F1: 'ADVANCE' },
});
const DAY = 86_400;

function receivable(records: Parameters<typeof applyRecords>[1], changedOn: string) {
  const content = applyRecords(undefined, records, config).receivable;
  if (!content) throw new Error('no receivable');
  return { ...content, changedOn };
}

describe('hot table horizon', () => {
  const key = saleKey(1); // sold 2025-03-01

  it('gives no TTL to a receivable without a settlement (it must stay to become OVERDUE)', () => {
    expect(expiresAtOf(receivable([forecast(key, hexHash('a'))], '2025-03-02'), config)).toBeUndefined();
  });

  it('expires a settled receivable at the end of the month two days past horizon after its latest payment, sale or write', () => {
    const paid = receivable(
      [forecast(key, hexHash('a')), settlement(key, hexHash('d'), 10_000, '2025-04-01')],
      '2025-04-02',
    );
    // 2025-04-02 + 402 days is 2026-05-09: the month's end.
    expect(expiresAtOf(paid, config)).toBe(toEpochDay('2026-05-31') * DAY);
    const paidLater = receivable([settlement(key, hexHash('d'), 10_000, '2025-06-30')], '2025-04-02');
    // 2025-06-30 + 402 days is 2026-08-06.
    expect(expiresAtOf(paidLater, config)).toBe(toEpochDay('2026-08-31') * DAY);
  });

  describe('with lifecycle records', () => {
    const event = (type: RecordCode, seed: string, paymentDate: string) =>
      canonical({ type, key, hash: hexHash(seed), netCents: 10_000, paymentDate });
    const a1 = forecast(key, hexHash('a'));

    it('expires a sale cancelled in full before payment, as final as a settled one, from its latest date', () => {
      const cancelled = receivable([a1, event('A2', 'c', '2025-06-30')], '2025-04-02');
      // 2025-06-30 (the cancellation) + 402 days is 2026-08-06.
      expect(expiresAtOf(cancelled, config)).toBe(toEpochDay('2026-08-31') * DAY);
    });

    it('expires a receivable paid by an advance alone', () => {
      const advanced = receivable([a1, event('F1', 'v', '2025-03-20')], '2025-04-02');
      expect(expiresAtOf(advanced, config)).toBe(toEpochDay('2026-05-31') * DAY);
    });

    it('keeps an UNLINKED receivable until its sale arrives, and a partly cancelled unpaid one', () => {
      const unlinked = receivable(
        [event('A2', 'c', '2025-03-05'), event('E1', 'k', '2025-03-06')],
        '2025-04-02',
      );
      expect(expiresAtOf(unlinked, config)).toBeUndefined();
      const partly = receivable([a1, { ...event('A2', 'c', '2025-03-05'), netCents: 3_000 }], '2025-04-02');
      expect(expiresAtOf(partly, config)).toBeUndefined();
    });
  });

  it('keeps every receivable when hotHorizonDays is null', () => {
    const keep = reconConfig({ hotHorizonDays: null });
    const paid = receivable([settlement(key, hexHash('d'))], '2025-04-02');
    expect(expiresAtOf(paid, keep)).toBeUndefined();
    expect(horizonCutoff('2027-01-01', keep)).toBeNull();
  });

  it('takes an absent receivable as archived only if sold AND first logged on or before the cutoff', async () => {
    const cutoff = horizonCutoff('2026-04-06', config);
    expect(cutoff).toBe('2025-03-01');
    const records = [settlement(key, hexHash('d'))];
    let asked = 0;
    const loggedSince = (date: string | null) => async () => {
      asked += 1;
      return date;
    };
    expect(await archivedCandidate(records, cutoff, loggedSince('2025-01-01'))).toBe(true);
    // A table whose first write is younger than the horizon has archived nothing.
    expect(await archivedCandidate(records, cutoff, loggedSince('2025-03-02'))).toBe(false);
    expect(await archivedCandidate(records, cutoff, loggedSince(null))).toBe(false);
    expect(asked).toBe(3);
    // A sale inside the horizon never asks how far back the log goes.
    expect(
      await archivedCandidate(records, horizonCutoff('2026-04-05', config), loggedSince('2020-01-01')),
    ).toBe(false);
    expect(await archivedCandidate(records, null, loggedSince('2020-01-01'))).toBe(false);
    expect(asked).toBe(3);
  });

  it('refuses a horizon without saleDate in the match key, naming the setting', () => {
    // Without saleDate in the key the default keeps every receivable; asking for a horizon fails.
    expect(reconConfig({ matchKey: ['acquirer', 'nsu'] }).hotHorizonDays).toBeNull();
    expect(() => reconConfig({ matchKey: ['acquirer', 'nsu'], hotHorizonDays: 400 })).toThrow(ConfigError);
    expect(() => reconConfig({ matchKey: ['acquirer', 'nsu'], hotHorizonDays: 400 })).toThrow(
      /RECON_CONFIG\.hotHorizonDays: hotHorizonDays needs saleDate/,
    );
    expect(reconConfig({ matchKey: ['acquirer', 'nsu'], hotHorizonDays: null }).hotHorizonDays).toBeNull();
    expect(() => reconConfig({ hotHorizonDays: 10 })).toThrow(/hotHorizonDays: must be ≥ 30, got 10/);
    expect(reconConfig({}).hotHorizonDays).toBe(400);
  });
});
