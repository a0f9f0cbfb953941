/**
 * Downloaded pages → the lake: raw archive per page; normalized Parquet per partition (movement
 * month) and quarantine for the whole batch of pages.
 *
 * A batch is the few pages one download step holds (at most a few thousand records), so memory
 * stays bounded whatever the size of the report, and the Parquet of a batch is one object per
 * partition instead of one per page: ten times fewer S3 PUTs and small files. Keys are
 * deterministic (see `keys.ts`): ingesting the same batch again overwrites its objects. Every raw
 * entry ends up either normalized or quarantined, never both and never neither:
 * `received = Σ byCode + Σ quarantinedByReason`.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ReconConfig } from '../../config';
import type { Page, RawRecord } from '../../provider/port';
import type { CanonicalRecord, QuarantinedRecord, RecordSource } from '../records/canonical';
import { buildDriftTracker, expectedFields } from '../records/drift';
import { buildNormalizer } from '../records/normalize';
import type { IngestCounts } from './counts';
import { emptyIngestCounts, increment, mergeIngestCounts } from './counts';
import { movementMonthOf, quarantineObjectKey, rawPageKey, recordsObjectKey } from './keys';
import { type PageSortedOut, quarantineLines, quarantineRefused } from './quarantine';
import { encodeRecordsParquet, movementDate } from './records-file';
import { roleCounts } from './role-counts';

const gzipAsync = promisify(gzip);

export interface PageIngestorDeps {
  readonly s3: S3Client;
  readonly bucket: string;
  readonly config: ReconConfig;
  /** Clock of the records' `ingested_at` and the objects' `ingested-at` metadata (keys never depend on time). */
  readonly now?: () => Date;
  /** Told each page's own counts (codes, quarantine reasons, drift) once its objects are written: the per-page report. */
  readonly onPageIngested?: (source: RecordSource, counts: IngestCounts) => void;
}

export interface PageIngestResult<A extends AppliedRecords = AppliedRecords> {
  /** The normalized records of the pages that were stored (refused ones are quarantined instead). */
  readonly records: CanonicalRecord[];
  readonly counts: IngestCounts;
  /** S3 objects put: the raw pages, one Parquet file per partition, the batch's quarantine file if any. */
  readonly objectsWritten: number;
  /** What `apply` answered. */
  readonly applied: A;
}

/** What matching the records answered: the records it refused (their receivable is full) or held back. */
export interface AppliedRecords {
  readonly refused: readonly CanonicalRecord[];
  /** Records whose receivable may have been archived from the hot table (receivables/horizon.ts). */
  readonly archived?: readonly CanonicalRecord[];
}

/** Matches a batch's records before they are exported (so refused ones go to the quarantine). */
export type ApplyRecords<A extends AppliedRecords> = (records: readonly CanonicalRecord[]) => Promise<A>;

/** A page and where it came from. */
export interface SourcedPage {
  readonly page: Page;
  readonly source: RecordSource;
}

export interface PageIngestor {
  /**
   * Pages of ONE report (a download batch), in any order. `apply` (the matcher) sees the normalized
   * records before anything is exported; without it nothing is matched or refused.
   */
  ingestPages<A extends AppliedRecords>(
    pages: readonly SourcedPage[],
    apply?: ApplyRecords<A>,
  ): Promise<PageIngestResult<A>>;
  ingestPage(page: Page, source: RecordSource): Promise<PageIngestResult>;
}

const NOTHING_APPLIED: ApplyRecords<AppliedRecords> = async () => ({ refused: [] });

interface PutRequest {
  readonly key: string;
  readonly body: Uint8Array | string;
  readonly contentType: string;
}

type SortedPage = SourcedPage & PageSortedOut;

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
    const quarantined: QuarantinedRecord[] = [];
    const byCode: Record<string, number> = {};
    const quarantinedByReason: Record<string, number> = {};
    // Malformed entries go through the normalizer too: it quarantines them as NOT_AN_OBJECT. A line
    // is the entry's place among the page's records, then its malformed entries.
    let line = 0;
    // The page's length goes with each record: one on its last line may be a page seam's overlap.
    const lined: RecordSource = { ...source, lines: page.records.length };
    for (const entries of [page.records, page.malformed]) {
      for (const raw of entries) {
        const result = normalizer.normalize(raw, lined, line++);
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
      }
    }
    const received = page.records.length + page.malformed.length;
    return {
      page,
      source,
      records,
      quarantined,
      counts: { received, byCode, quarantinedByReason, drift: drift.drift(), ...roleCounts(records, config) },
    };
  }

  async function rawObject({ page, source }: SortedPage): Promise<PutRequest> {
    const { reportId, records, malformed } = page;
    return {
      key: rawPageKey(source),
      body: await gzipAsync(JSON.stringify({ reportId, page: page.page, records, malformed })),
      contentType: 'application/gzip',
    };
  }

  /**
   * The raw archive, one page at a time: a gzip holds its page's JSON text, those bytes and a deflate
   * state until it ends, and ten at once held ten of each (14 MB of peak RSS in the normalize bench)
   * for nothing, the download Lambda's 1,024 MB being less than one vCPU.
   */
  async function rawObjects(sorted: readonly SortedPage[]): Promise<PutRequest[]> {
    const objects: PutRequest[] = [];
    for (const page of sorted) objects.push(await rawObject(page));
    return objects;
  }

  /** One Parquet object per movement month for all pages of the batch (usually one or two). */
  function recordsObjects(sorted: readonly SortedPage[], ingestedAt: Date): PutRequest[] {
    const { first, lastPage } = batchRange(sorted);
    // By month first: the object key is built once per partition, not once per record.
    const partitions = new Map<string, CanonicalRecord[]>();
    for (const { records } of sorted) {
      for (const record of records) {
        const month = movementMonthOf(movementDate(record));
        const partition = partitions.get(month);
        if (partition) partition.push(record);
        else partitions.set(month, [record]);
      }
    }
    return [...partitions].map(([month, partition]) => ({
      key: recordsObjectKey(first, month, lastPage),
      body: encodeRecordsParquet(partition, config, ingestedAt),
      contentType: 'application/vnd.apache.parquet',
    }));
  }

  function sortPages(pages: readonly SourcedPage[]): SortedPage[] {
    return pages.map(({ page, source }) => {
      if (page.reportId !== source.reportId || page.page !== source.page) {
        throw new Error(`page ${page.reportId}/${page.page} ingested as ${source.reportId}/${source.page}`);
      }
      if (source.reportId !== pages[0]?.source.reportId) {
        throw new Error(
          `a batch holds pages of one report, got ${pages[0]?.source.reportId} and ${source.reportId}`,
        );
      }
      return sortPage(page, source);
    });
  }

  async function ingestPages<A extends AppliedRecords>(
    pages: readonly SourcedPage[],
    apply?: ApplyRecords<A>,
  ): Promise<PageIngestResult<A>> {
    const all = sortPages(pages);
    const applied = await (apply ?? (NOTHING_APPLIED as ApplyRecords<A>))(all.flatMap((p) => p.records));
    quarantineRefused(all, applied.refused, {
      reason: 'TOO_MANY_CONTRIBUTIONS',
      detail: `its receivable already holds ${config.maxContributions} records (maxContributions)`,
    });
    quarantineRefused(all, applied.archived ?? [], {
      reason: 'ARCHIVED_RECEIVABLE',
      detail:
        `no receivable in the hot table and its sale is older than hotHorizonDays (${config.hotHorizonDays}): ` +
        'its receivable may be archived in the lake (recon_receivable_changes); not applied, so it cannot count twice',
    });
    const counts = all.map((p) => p.counts).reduce(mergeIngestCounts, emptyIngestCounts());
    // The empty page past the last one only says "done": nothing to archive.
    const sorted = all.filter((p) => p.counts.received > 0);
    if (sorted.length === 0) return { records: [], counts, objectsWritten: 0, applied };
    // One quarantine object for the batch, like its Parquet: a page of real data nearly always has one.
    const { first, lastPage } = batchRange(sorted);
    const quarantineKey = quarantineObjectKey(first, lastPage);
    const quarantined = sorted.flatMap((p) => p.quarantined);
    const ingestedAt = now();
    const puts: PutRequest[] = [
      ...(await rawObjects(sorted)),
      ...recordsObjects(sorted, ingestedAt),
      ...(quarantined.length > 0
        ? [{ key: quarantineKey, body: quarantineLines(quarantined), contentType: 'application/x-ndjson' }]
        : []),
    ];
    const Metadata = { 'ingested-at': ingestedAt.toISOString() };
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
      ...(quarantined.length === 0
        ? [s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: quarantineKey }))]
        : []),
    ]);
    for (const p of sorted) deps.onPageIngested?.(p.source, p.counts);
    return { records: sorted.flatMap((p) => p.records), counts, objectsWritten: puts.length, applied };
  }

  return { ingestPages, ingestPage: (page, source) => ingestPages([{ page, source }], NOTHING_APPLIED) };
}

/** The batch's first page (its source names the objects) and last page number. */
function batchRange(sorted: readonly SortedPage[]): { first: RecordSource; lastPage: number } {
  const first = sorted.reduce((a, b) => (b.source.page < a.source.page ? b : a)).source;
  return { first, lastPage: Math.max(...sorted.map((p) => p.source.page)) };
}
