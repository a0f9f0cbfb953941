/** The bench prices a night's events as EventBridge bills them: one per started 64 KB of an entry. */
import { describe, expect, it } from 'vitest';
import { billedEvents } from '../../../bench/events-billing';
import { cloudEvent } from '../../../lambdas/core/events/envelope';

const event = (noteBytes: number) =>
  JSON.stringify(
    cloudEvent({
      environment: 'production',
      type: 'recon.break.opened',
      subject: 'r:A',
      change: String(noteBytes),
      time: '2025-04-01T00:00:00-03:00',
      data: { note: 'x'.repeat(noteBytes) },
    }),
  );

describe('billed EventBridge events', () => {
  it('bills a small entry once and a larger one per started 64 KB', () => {
    expect(billedEvents('')).toBe(0);
    expect(billedEvents(`${event(10)}\n`)).toBe(1);
    expect(billedEvents(`${event(10)}\n${event(70 * 1024)}\n`)).toBe(1 + 2);
    expect(billedEvents(`${event(64 * 1024 - 400)}\n`)).toBe(1);
  });
});
