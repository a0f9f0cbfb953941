/**
 * The receivables' events of a night, from the touched log (receivable-store/touched.ts): each
 * receivable the night wrote, as its last write of the night left it. The log holds a receivable as
 * the batch left it, not as it was before, so the event carries the state reached, not the one left:
 * a subscriber that needs the transition keeps the last status it saw per subject. Its id is the
 * receivable and its version, so a re-run, a re-delivered record (it changes nothing: no new version)
 * or a seam copy read again makes no new event; a new contribution (paid, charged back, aged) does.
 */
import type { IsoDate } from '../calendar';
import type { Receivable } from '../receivables/item';
import { moneyOf } from '../receivables/status';
import { type CloudEvent, cloudEvent } from './envelope';

/**
 * The night's written receivables, each at its highest logged version. A receivable logged only as
 * read (its records already applied) and last written on another night is no change of this one.
 */
export function writtenOn(asOf: IsoDate, logged: Iterable<Receivable>): Receivable[] {
  const latest = new Map<string, Receivable>();
  for (const receivable of logged) {
    const seen = latest.get(receivable.key);
    if (seen === undefined || seen.version < receivable.version) latest.set(receivable.key, receivable);
  }
  return [...latest.values()].filter((r) => r.changedOn === asOf);
}

export function receivableEvents(environment: string, written: readonly Receivable[]): CloudEvent[] {
  return written.map((r) => {
    const money = moneyOf(r);
    return cloudEvent({
      environment,
      type: 'recon.receivable.state-changed',
      subject: r.key,
      change: `v${r.version}`,
      time: r.updatedAt,
      data: {
        key: r.key,
        status: r.status,
        reason: r.reason,
        version: r.version,
        changedOn: r.changedOn,
        acquirer: r.acquirer,
        merchant: r.merchant,
        saleDate: r.saleDate,
        nsu: r.nsu,
        installment: r.installment,
        dueDate: r.dueDate,
        expectedNetCents: money.expectedNetCents,
        receivedNetCents: money.receivedNetCents,
        differenceCents: money.differenceCents,
      },
    });
  });
}
