import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../lambdas/core/calendar';
import type { RecordCode } from '../../../lambdas/core/ingest/records/canonical';
import {
  assertRecordsFitWindow,
  WINDOW_MISMATCH_ERROR,
} from '../../../lambdas/core/workflow/download/window-check';

const RULE = { slackDays: 3, maxOutsideRatio: 0.5 };
const NIGHT = { from: '2025-01-15', to: '2025-01-15' } as const;
const MONTH = { from: '2025-01-01', to: '2025-01-31' } as const;

interface Dates {
  saleDate?: IsoDate;
  paymentDate?: IsoDate;
  dueDate?: IsoDate;
}
const record = (recordType: RecordCode, dates: Dates) => ({
  recordType,
  saleDate: dates.saleDate ?? null,
  paymentDate: dates.paymentDate ?? null,
  dueDate: dates.dueDate ?? null,
});
const sale = (saleDate: IsoDate) => record('A1', { saleDate, dueDate: '2025-03-01' });
const payment = (paymentDate: IsoDate) => record('D1', { paymentDate, dueDate: paymentDate });
/** A D1 whose layout gives no payment date: only its due date places it, roughly. */
const undatedPayment = (dueDate: IsoDate) => record('D1', { dueDate });

const check = (window: { from: IsoDate; to: IsoDate }, records: ReturnType<typeof record>[]) => () =>
  assertRecordsFitWindow('R1', window, records, RULE);

describe('window check', () => {
  it('takes the movement-date column first, for every code, where the layout has one', () => {
    // Paid on the 14th, registered on the 15th: it belongs to the night of the 15th.
    const registered = { ...payment('2025-01-14'), movementDate: '2025-01-15' as IsoDate };
    expect(check(NIGHT, [registered])).not.toThrow();
    const cancellation = {
      ...record('E1', { saleDate: '2025-01-15' }),
      movementDate: '2025-01-16' as IsoDate,
    };
    expect(check(NIGHT, [cancellation])).toThrow(/1 of 1 A1\/D1 records are dated 2025-01-16/);
  });

  it("refuses the neighbouring day's report for a one-day window, sales or payments", () => {
    expect(check(NIGHT, [sale('2025-01-16'), sale('2025-01-16')])).toThrow(
      'report R1 does not belong to the window 2025-01-15..2025-01-15: 2 of 2 A1/D1 records are dated 2025-01-16..2025-01-16, outside it',
    );
    expect(check(NIGHT, [payment('2025-01-14')])).toThrow(/1 of 1 A1\/D1 records are dated 2025-01-14/);
  });

  it('refuses one record dated outside the window among many inside it', () => {
    const records = [...Array.from({ length: 9 }, () => sale('2025-01-10')), payment('2025-02-01')];
    expect(check(MONTH, records)).toThrow(/1 of 10 A1\/D1 records are dated 2025-02-01\.\.2025-02-01/);
  });

  it('accepts a report whose records all lie in the window, and says nothing about other codes', () => {
    const records = [
      sale('2025-01-15'),
      payment('2025-01-15'),
      // A cancellation carries the original sale's date; its meaning is not the movement date.
      record('A2', { saleDate: '2024-11-02' }),
      record('E1', { paymentDate: '2024-11-02' }),
    ];
    expect(check(NIGHT, records)).not.toThrow();
  });

  it('gives records without a movement date slack below the window length and never a whole neighbouring window', () => {
    // Three days off a month window, one in four: within the slack, the majority inside.
    const month = ['2025-01-05', '2025-01-06', '2025-01-07', '2025-02-03'].map(undatedPayment);
    expect(check(MONTH, month)).not.toThrow();
    expect(check(MONTH, [...month, undatedPayment('2025-02-04')])).toThrow(
      /1 of 5 D1 records without a payment date are due 2025-02-04\.\.2025-02-04, more than 3 days outside it/,
    );
    // The last days of the month before: each within the slack, but none inside the window.
    const before = ['2024-12-29', '2024-12-30', '2024-12-31'].map(undatedPayment);
    expect(check(MONTH, before)).toThrow(
      /3 of 3 D1 records without a payment date .* more than 0\.5 of them/,
    );
    // One day: slack 0, so the next day is refused even alone among records of the night.
    expect(check(NIGHT, [undatedPayment('2025-01-15'), undatedPayment('2025-01-16')])).toThrow(
      /more than 0 days outside it/,
    );
    expect(check(NIGHT, [undatedPayment('2025-01-15')])).not.toThrow();
  });

  it('names the error so the job fails without retry', () => {
    expect(check(NIGHT, [sale('2025-01-16')])).toThrow(
      expect.objectContaining({ name: WINDOW_MISMATCH_ERROR }),
    );
  });
});
