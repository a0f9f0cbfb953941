/**
 * The quarantine of a batch of pages: records the matcher refused move from the page's records to its
 * quarantine (tallies included), and the quarantine's JSON-lines object (`QUARANTINE_TABLE`).
 */
import type { Page } from '../../provider/port';
import type { CanonicalRecord, QuarantinedRecord, QuarantineReason } from '../records/canonical';
import { type IngestCounts, increment } from './counts';

/** A page sorted out: what normalized, what was quarantined, the tallies. */
export interface PageSortedOut {
  readonly page: Page;
  records: CanonicalRecord[];
  readonly quarantined: QuarantinedRecord[];
  readonly counts: IngestCounts;
}

/**
 * Moves the records the matcher refused (their receivable is full, or may be archived) from the
 * page's records to its quarantine, tallies included, so the lake never holds a record DynamoDB does
 * not count.
 */
export function quarantineRefused(
  pages: PageSortedOut[],
  refused: readonly CanonicalRecord[],
  why: { reason: QuarantineReason; detail: string },
): void {
  if (refused.length === 0) return;
  const out = new Set(refused);
  for (const p of pages) {
    const counts = p.counts as {
      byCode: Record<string, number>;
      quarantinedByReason: Record<string, number>;
    };
    p.records = p.records.filter((record) => {
      if (!out.has(record)) return true;
      p.quarantined.push({
        reason: why.reason,
        detail: why.detail,
        raw: p.page.records[record.line],
        recordHash: record.recordHash,
        source: record.source,
        line: record.line,
      });
      counts.byCode[record.recordType] = (counts.byCode[record.recordType] as number) - 1;
      increment(counts.quarantinedByReason, why.reason);
      return false;
    });
  }
}

/** One JSON object per line, columns of `QUARANTINE_TABLE`; the raw entry as JSON text. */
export function quarantineLines(quarantined: readonly QuarantinedRecord[]): string {
  let text = '';
  for (const q of quarantined) {
    text += `${JSON.stringify({
      record_hash: q.recordHash,
      reason: q.reason,
      detail: q.detail,
      report_id: q.source.reportId,
      page: q.source.page,
      line: q.line,
      raw: JSON.stringify(q.raw) ?? null,
    })}\n`;
  }
  return text;
}
