/**
 * One downloaded page → the lake: raw archive, normalized Parquet per partition, quarantine.
 *
 * A page is handled on its own (at most 1,000 records), so memory stays bounded whatever the size
 * of the report. Keys are deterministic (see `keys.ts`): ingesting a page again overwrites its
 * objects. Every raw entry ends up either normalized or quarantined, never both and never neither:
 * `received = Σ byCode + Σ quarantinedByReason`.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ReconConfig } from '../config';
import type { Page, RawRecord } from '../provider/port';
import type { CanonicalRecord, QuarantinedRecord, RecordSource } from '../records/canonical';
import { buildDriftTracker, expectedFields } from '../records/drift';
import { buildNormalizer } from '../records/normalize';
import type { IngestCounts } from '../workflow/contracts';
import { increment } from './counts';
import { quarantineObjectKey, rawPageKey, recordsObjectKey } from './keys';
import { encodeRecordsParquet, movementDate } from './records-file';

const gzipAsync = promisify(gzip);

export interface PageIngestorDeps {
  readonly s3: S3Client;
  readonly bucket: string;
  readonly config: ReconConfig;
  /** Clock for the `ingested-at` object metadata (object contents never depend on time). */
  readonly now?: () => Date;
}

export interface PageIngestResult {
  /** The normalized records of the page, for the matcher. */
  readonly records: CanonicalRecord[];
  readonly counts: IngestCounts;
  /** S3 objects put: the raw page, one Parquet file per partition, the quarantine file if any. */
  readonly objectsWritten: number;
}

export interface PageIngestor {
  ingestPage(page: Page, source: RecordSource): Promise<PageIngestResult>;
}

interface PutRequest {
  readonly key: string;
  readonly body: Uint8Array | string;
  readonly contentType: string;
}

/** A page sorted out: what normalized (grouped by object key), what was quarantined, the tallies. */
interface SortedPage {
  readonly records: CanonicalRecord[];
  readonly partitions: Map<string, CanonicalRecord[]>;
  readonly quarantined: QuarantinedRecord[];
  readonly counts: IngestCounts;
}

export function buildPageIngestor(deps: PageIngestorDeps): PageIngestor {
  const { s3, bucket, config } = deps;
  const now = deps.now ?? (() => new Date());
  const normalizer = buildNormalizer(config);
  const expected = {
    sales: expectedFields('sales', config.matchKey),
    financial: expectedFields('financial', config.matchKey),
  };

  function sortPage(page: Page, source: RecordSource): SortedPage {
    const drift = buildDriftTracker(normalizer.fieldOf, expected[source.reportKind]);
    const records: CanonicalRecord[] = [];
    const partitions = new Map<string, CanonicalRecord[]>();
    const quarantined: QuarantinedRecord[] = [];
    const byCode: Record<string, number> = {};
    const quarantinedByReason: Record<string, number> = {};
    // Malformed entries go through the normalizer too: it quarantines them as NOT_AN_OBJECT.
    for (const entries of [page.records, page.malformed]) {
      for (const raw of entries) {
        const result = normalizer.normalize(raw, source);
        if (!result.ok) {
          if (result.quarantined.reason !== 'NOT_AN_OBJECT') drift.observe(raw as RawRecord);
          quarantined.push(result.quarantined);
          increment(quarantinedByReason, result.quarantined.reason);
          continue;
        }
        const { record } = result;
        drift.observe(raw as RawRecord);
        records.push(record);
        increment(byCode, record.recordType);
        const key = recordsObjectKey(source, record.recordType, movementDate(record));
        const partition = partitions.get(key);
        if (partition) partition.push(record);
        else partitions.set(key, [record]);
      }
    }
    const received = page.records.length + page.malformed.length;
    return {
      records,
      partitions,
      quarantined,
      counts: { received, byCode, quarantinedByReason, drift: drift.drift() },
    };
  }

  async function objectsOf(page: Page, source: RecordSource, sorted: SortedPage): Promise<PutRequest[]> {
    const { reportId, records, malformed } = page;
    const puts: PutRequest[] = [
      {
        key: rawPageKey(source),
        body: await gzipAsync(JSON.stringify({ reportId, page: page.page, records, malformed })),
        contentType: 'application/gzip',
      },
    ];
    for (const [key, partition] of sorted.partitions) {
      puts.push({
        key,
        body: encodeRecordsParquet(partition),
        contentType: 'application/vnd.apache.parquet',
      });
    }
    if (sorted.quarantined.length > 0) {
      puts.push({
        key: quarantineObjectKey(source),
        body: quarantineLines(sorted.quarantined),
        contentType: 'application/x-ndjson',
      });
    }
    return puts;
  }

  async function ingestPage(page: Page, source: RecordSource): Promise<PageIngestResult> {
    if (page.reportId !== source.reportId || page.page !== source.page) {
      throw new Error(`page ${page.reportId}/${page.page} ingested as ${source.reportId}/${source.page}`);
    }
    const sorted = sortPage(page, source);
    // The empty page past the last one only says "done": nothing to archive.
    if (sorted.counts.received === 0) return { records: [], counts: sorted.counts, objectsWritten: 0 };
    const puts = await objectsOf(page, source, sorted);
    const Metadata = { 'ingested-at': now().toISOString() };
    await Promise.all([
      ...puts.map((put) =>
        s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: put.key,
            Body: put.body,
            ContentType: put.contentType,
            Metadata,
          }),
        ),
      ),
      // A re-run that no longer quarantines anything must not leave the old quarantine file behind.
      ...(sorted.quarantined.length === 0
        ? [s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: quarantineObjectKey(source) }))]
        : []),
    ]);
    return { records: sorted.records, counts: sorted.counts, objectsWritten: puts.length };
  }

  return { ingestPage };
}

/** One JSON object per line, columns of `QUARANTINE_TABLE`; the raw entry as JSON text. */
function quarantineLines(quarantined: readonly QuarantinedRecord[]): string {
  let text = '';
  for (const q of quarantined) {
    text += `${JSON.stringify({
      record_hash: q.recordHash,
      reason: q.reason,
      detail: q.detail,
      report_id: q.source.reportId,
      page: q.source.page,
      raw: JSON.stringify(q.raw) ?? null,
    })}\n`;
  }
  return text;
}
