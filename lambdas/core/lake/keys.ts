/**
 * Object keys of the lake. Every key is a pure function of (report, page, partition), never of
 * time or of a random id: re-ingesting a page (a retried Lambda, a re-downloaded report) overwrites
 * the same objects instead of adding duplicates that Athena would count twice.
 */
import type { IsoDate } from '../calendar';
import type { RecordCode, RecordSource } from '../records/canonical';
import { QUARANTINE_TABLE, RAW_PREFIX, RECORDS_TABLE } from './tables';

/** Page numbers zero-padded to 5 digits so keys sort in page order (a report has < 100,000 pages). */
function pageLabel(page: number): string {
  return String(page).padStart(5, '0');
}

/** The page as received, gzip JSON. */
export function rawPageKey(source: RecordSource): string {
  return `${RAW_PREFIX}kind=${source.reportKind}/generated=${source.generatedOn}/report=${source.reportId}/page=${pageLabel(source.page)}.json.gz`;
}

/**
 * Normalized records of one page, or of the pages `source.page..lastPage` of one download batch, in
 * one (code, movement date) partition.
 */
export function recordsObjectKey(
  source: RecordSource,
  code: RecordCode,
  movementDate: IsoDate,
  lastPage = source.page,
): string {
  const pages =
    lastPage > source.page ? `${pageLabel(source.page)}-${pageLabel(lastPage)}` : pageLabel(source.page);
  return `${RECORDS_TABLE.prefix}kind=${source.reportKind}/code=${code}/movement_date=${movementDate}/${source.reportId}-p${pages}.parquet`;
}

/** Quarantined entries of one page, JSON lines. */
export function quarantineObjectKey(source: RecordSource): string {
  return `${QUARANTINE_TABLE.prefix}kind=${source.reportKind}/generated=${source.generatedOn}/${source.reportId}-p${pageLabel(source.page)}.jsonl`;
}
