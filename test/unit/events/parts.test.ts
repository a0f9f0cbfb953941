/**
 * The night's changes in parts: per type, each part within one billed EventBridge chunk, every
 * change carried once with its own id, the same parts whatever order the changes were found in.
 */
import { describe, expect, it } from 'vitest';
import { entryOf, entrySize } from '../../../lambdas/core/events/batches';
import {
  type CloudEvent,
  cloudEvent,
  type EventType,
  inEventOrder,
} from '../../../lambdas/core/events/envelope';
import { changesOf, inParts } from '../../../lambdas/core/events/parts';

const NIGHT = '2025-04-01';

const change = (type: EventType, n: number): CloudEvent =>
  cloudEvent({
    environment: 'production',
    type,
    subject: `r:CIELO|1023456|2025-03-01|${String(n).padStart(6, '0')}|AB12CD|1`,
    change: NIGHT,
    time: `${NIGHT}T00:00:00-03:00`,
    data: { kind: 'LATE', status: 'NEW', stakeCents: n, acquirer: 'CIELO', merchant: '1023456' },
  });

describe("a night's changes in parts", () => {
  const changes = inEventOrder([
    ...Array.from({ length: 2_500 }, (_, n) => change('recon.break.opened', n)),
    ...Array.from({ length: 40 }, (_, n) => change('recon.break.resolved', n)),
  ]);
  const parts = inParts('production', NIGHT, changes);

  it('keeps each type apart, in parts of one billed chunk each', () => {
    expect(parts.map((p) => p.type)).toEqual([
      ...parts.filter((p) => p.type === 'recon.break.opened').map(() => 'recon.break.opened'),
      'recon.break.resolved',
    ]);
    const opened = parts.filter((p) => p.type === 'recon.break.opened');
    expect(opened.length).toBeGreaterThan(1);
    expect(opened.length).toBeLessThan(2_500 / 100);
    for (const part of parts) {
      expect(entrySize(entryOf('recon-events', part))).toBeLessThanOrEqual(64 * 1024);
      expect(part.data).toMatchObject({
        night: NIGHT,
        parts: part.type === 'recon.break.opened' ? opened.length : 1,
      });
      expect(part.subject).toBe(`${NIGHT}/${part.data.part}`);
    }
  });

  it('gives back every change whole, once, in event order', () => {
    expect(changesOf(parts)).toEqual(changes);
  });

  it('makes the same parts and ids on a re-run, and new part ids when the changes differ', () => {
    expect(inParts('production', NIGHT, inEventOrder([...changes].reverse()))).toEqual(parts);
    const fewer = inParts('production', NIGHT, changes.slice(1));
    expect(fewer[0]?.id).not.toBe(parts[0]?.id);
    expect(changesOf(fewer).map((c) => c.id)).toEqual(changes.slice(1).map((c) => c.id));
  });

  it('sends nothing on a night without changes', () => {
    expect(inParts('production', NIGHT, [])).toEqual([]);
  });
});
