/**
 * The ERP export's write-offs (docs/erp-export.md, "Accepted differences"): a break a person accepted
 * (status ACCEPTED: decided so, and the money still as decided) is written off with its reason. What
 * was posted is what the night before listed as accepted: the breaks' snapshot of the latest night
 * before this one (breaks/snapshot-lake.ts, which lists every decided break every night), so a night
 * posts what its decisions changed: a NEW line for an acceptance, a REVERSAL when it is undone, the
 * break reopens or resolves, and both when its amount or reason changes. A re-run of the night reads
 * the same night before: the same lines. Work: the summary's own listing and one snapshot object.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { isDepositBreakId } from '../breaks/deposit-breaks';
import { BREAK_KINDS } from '../breaks/kinds';
import { receivableKeyOf } from '../breaks/manual-match';
import { type BreakSnapshotRow, breakSnapshotRow, breaksSnapshotKey } from '../breaks/snapshot-lake';
import type { BreakView } from '../breaks/status';
import type { IsoDate } from '../calendar';
import { previousNight } from '../events/previous-breaks';
import { type BaixaLine, type LineKind, lineId } from './lines';
import { type BaixasStoreDeps, buildBaixasStore } from './store';

/** What a night's snapshot says of an accepted break, as far as its write-off needs. */
const acceptedRow = z.object({
  break_id: z.string(),
  status: z.string(),
  kind: z.enum(BREAK_KINDS),
  stake_cents: z.number().int(),
  reason: z.string().nullable(),
  acquirer: z.string().nullable(),
  merchant: z.string().nullable(),
  sale_date: z.string().nullable(),
  nsu: z.string().nullable(),
  installment: z.number().int().nullable(),
  due_date: z.string().nullable(),
});
type AcceptedRow = z.infer<typeof acceptedRow>;

/** The accepted breaks of a night's snapshot rows, by break id. */
function acceptedOf(rows: readonly BreakSnapshotRow[]): Map<string, AcceptedRow> {
  const accepted = rows.map((row) => acceptedRow.parse(row)).filter((row) => row.status === 'ACCEPTED');
  return new Map(accepted.map((row) => [row.break_id, row]));
}

function lineOf(row: AcceptedRow, night: IsoDate, kind: LineKind, amountCents: number): BaixaLine {
  const id = row.break_id;
  return {
    id: lineId(id, 'WRITE_OFF', night, kind),
    night,
    kind,
    component: 'WRITE_OFF',
    amountCents,
    receivableKey: receivableKeyOf(id) ?? null,
    depositKey: isDepositBreakId(id) ? id : null,
    bankAccount: null,
    acquirer: row.acquirer,
    merchant: row.merchant,
    saleDate: row.sale_date,
    nsu: row.nsu,
    authorization: null,
    installment: row.installment,
    brand: null,
    dueDate: row.due_date,
    paymentDate: null,
    status: null,
    reason: row.reason,
    breakId: id,
    breakKind: row.kind,
    matchedWith: null,
  };
}

/**
 * The write-off lines of `night`: per break, in id order, what its acceptance moved from what the
 * night before had accepted. A write-off posts the money at stake (positive; the break's kind says
 * which way it went) and carries the acceptance's reason.
 */
export function writeOffLinesOf(
  night: IsoDate,
  before: readonly BreakSnapshotRow[],
  views: readonly BreakView[],
): BaixaLine[] {
  const posted = acceptedOf(before);
  const now = acceptedOf(views.map(breakSnapshotRow));
  const ids = [...new Set([...posted.keys(), ...now.keys()])].sort();
  return ids.flatMap((id) => {
    const old = posted.get(id);
    const current = now.get(id);
    const same = old?.stake_cents === current?.stake_cents && old?.reason === current?.reason;
    if (same) return [];
    return [
      ...(old === undefined ? [] : [lineOf(old, night, 'REVERSAL', -old.stake_cents)]),
      ...(current === undefined ? [] : [lineOf(current, night, 'NEW', current.stake_cents)]),
    ];
  });
}

/** The rows of the latest snapshot before `night` (none before the first). */
async function rowsBefore(deps: BaixasStoreDeps, night: IsoDate): Promise<BreakSnapshotRow[]> {
  const previous = await previousNight(deps, night);
  if (previous === null) return [];
  const object = await deps.s3.send(
    new GetObjectCommand({ Bucket: deps.bucket, Key: breaksSnapshotKey(previous) }),
  );
  const text = (await object.Body?.transformToString('utf-8')) ?? '';
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as BreakSnapshotRow);
}

/** The summary's part of the export, once it listed the night's breaks: `part-write-offs.jsonl`. */
export function buildWriteOffExport(deps: BaixasStoreDeps) {
  const store = buildBaixasStore(deps);
  return async (night: IsoDate, views: readonly BreakView[]): Promise<number> => {
    const lines = writeOffLinesOf(night, await rowsBefore(deps, night), views);
    await store.write(night, 'write-offs', lines);
    return lines.length;
  };
}
