/**
 * Which fee lines stand after the nights read (overcharges-lake.ts): each line identity at its
 * latest night, unless a later night cleared it, and since when it has stood without a break.
 * A line cleared and then charged above the contract again is a new overcharge from that night.
 * The summarize step keeps each night so (`overchargeKeeper`).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { addDays, type IsoDate } from '../calendar';
import type { ReconConfig } from '../config';
import {
  type DatedOvercharge,
  type NightOvercharge,
  readOvercharges,
  writeOvercharges,
} from './overcharges-lake';
import { overchargeIdentity } from './section-model';

/**
 * The nights a fee line is read back over: the receivables' hot horizon, a year and a month when the
 * book keeps everything, as the deposit breaks are read.
 */
export const linesHorizonDays = (config: Pick<ReconConfig, 'hotHorizonDays'>) => config.hotHorizonDays ?? 400;

export interface StandingOvercharge {
  readonly line: NightOvercharge;
  /** The first night of the days read that kept the line, since it was last cleared. */
  readonly since: IsoDate;
  /** The latest night that kept it: its money is that night's. */
  readonly auditedOn: IsoDate;
}

export function standingOvercharges(nights: readonly DatedOvercharge[]): Map<string, StandingOvercharge> {
  const standing = new Map<string, StandingOvercharge>();
  const ordered = [...nights].sort((a, b) =>
    a.auditedOn < b.auditedOn ? -1 : a.auditedOn > b.auditedOn ? 1 : 0,
  );
  for (const night of ordered) {
    if ('cleared' in night) {
      standing.delete(night.cleared);
      continue;
    }
    const identity = overchargeIdentity(night.line);
    const since = standing.get(identity)?.since ?? night.auditedOn;
    standing.set(identity, { line: night.line, since, auditedOn: night.auditedOn });
  }
  return standing;
}

/**
 * What a night keeps: its own lines, and a clearing of every line that stood before it on a
 * receivable the night audited without finding that line (a corrected forecast, a corrected table).
 * Only lines that stood are cleared, so a night keeps no more than its overcharges and those.
 */
export function nightKept(
  before: readonly DatedOvercharge[],
  lines: readonly NightOvercharge[],
  auditedKeys: ReadonlySet<string>,
): { lines: readonly NightOvercharge[]; cleared: string[] } {
  const tonight = new Set(lines.map(overchargeIdentity));
  const cleared = [...standingOvercharges(before)]
    .filter(([identity, { line }]) => auditedKeys.has(line.key) && !tonight.has(identity))
    .map(([identity]) => identity);
  return { lines, cleared };
}

/**
 * Keeps a night's lines with the clearings it owes the nights before it (standing.ts): what was
 * above the contract before and, audited again tonight, is no longer. Reads the nights kept for
 * `days` before, as a listing of the breaks does: work bounded by days, never by the book.
 */
export function overchargeKeeper(s3: Pick<S3Client, 'send'>, bucket: string, days: number) {
  return async (
    asOf: IsoDate,
    night: { lines: readonly NightOvercharge[]; auditedKeys: ReadonlySet<string> },
  ) => {
    const before = await readOvercharges(s3, bucket, { from: addDays(asOf, -days), to: addDays(asOf, -1) });
    await writeOvercharges(s3, bucket, asOf, nightKept(before, night.lines, night.auditedKeys));
  };
}
