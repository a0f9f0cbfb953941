/**
 * The receivables' events of a night, from the touched log (receivable-store/touched.ts): each
 * receivable the night wrote whose state (status, reason, expected and received money) is not the
 * one the night before logged for it. The log holds a receivable as each batch left it, not as it
 * was before the night, so the night before's log is the one bounded place to compare with: a
 * receivable it did not log is said with its state again (a subscriber that keeps the last status
 * per subject sees nothing new). A night re-downloads overlapping reports and so rewrites receivables
 * whose money did not move (a new version, the same state): those say nothing, and neither does a
 * re-run. The id is the receivable, the night and the state reached.
 */
import type { IsoDate } from '../calendar';
import type { Receivable } from '../receivables/item';
import { moneyOf } from '../receivables/status';
import { type CloudEvent, cloudEvent, startOfBusinessDate } from './envelope';

/** Each receivable at its highest logged version. */
export function latestOf(logged: Iterable<Receivable>): Map<string, Receivable> {
  const latest = new Map<string, Receivable>();
  for (const receivable of logged) {
    const seen = latest.get(receivable.key);
    if (seen === undefined || seen.version < receivable.version) latest.set(receivable.key, receivable);
  }
  return latest;
}

function stateOf(r: Receivable) {
  const { expectedNetCents, receivedNetCents, differenceCents } = moneyOf(r);
  return { status: r.status, reason: r.reason, expectedNetCents, receivedNetCents, differenceCents };
}

const stateText = (r: Receivable) => {
  const s = stateOf(r);
  return `${s.status}|${s.reason}|${s.expectedNetCents}|${s.receivedNetCents}`;
};

/**
 * The night's written receivables whose state moved since the night before logged them. A receivable
 * logged only as read (its records already applied) and last written on another night is no change.
 */
export function changedOn(
  asOf: IsoDate,
  tonight: Iterable<Receivable>,
  nightBefore: Iterable<Receivable>,
): Receivable[] {
  const before = latestOf(nightBefore);
  return [...latestOf(tonight).values()].filter((r) => {
    const was = before.get(r.key);
    return r.changedOn === asOf && (was === undefined || stateText(was) !== stateText(r));
  });
}

export function receivableEvents(
  environment: string,
  asOf: IsoDate,
  changed: readonly Receivable[],
): CloudEvent[] {
  return changed.map((r) =>
    cloudEvent({
      environment,
      type: 'recon.receivable.state-changed',
      subject: r.key,
      change: `${asOf}|${stateText(r)}`,
      time: startOfBusinessDate(asOf),
      data: {
        key: r.key,
        ...stateOf(r),
        changedOn: r.changedOn,
        acquirer: r.acquirer,
        merchant: r.merchant,
        saleDate: r.saleDate,
        nsu: r.nsu,
        installment: r.installment,
        dueDate: r.dueDate,
      },
    }),
  );
}
