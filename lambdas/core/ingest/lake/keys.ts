/**
 * Object keys of the lake. Every key is a pure function of (report, page, partition), never of
 * time or of a random id: re-ingesting a page (a retried Lambda, a re-downloaded report) overwrites
 * the same objects instead of adding duplicates that Athena would count twice.
 */
import type { IsoDate } from '../../calendar';
import type { RecordSource } from '../records/canonical';
import { QUARANTINE_TABLE, RAW_PREFIX, RECORDS_TABLE } from './tables';

/** Page numbers zero-padded to 5 digits so keys sort in page order (a report has < 100,000 pages). */
function pageLabel(page: number): string {
  return String(page).padStart(5, '0');
}

/** The page as received, gzip JSON. */
export function rawPageKey(source: RecordSource): string {
  return `${RAW_PREFIX}kind=${source.reportKind}/generated=${source.generatedOn}/report=${source.reportId}/page=${pageLabel(source.page)}.json.gz`;
}

/** The `movement_month` partition (`yyyy-MM`) of a movement date. */
export function movementMonthOf(movementDate: IsoDate): string {
  return movementDate.slice(0, 7);
}

/** `00007`, or `00001-00010` for the pages of a download batch. */
function pagesLabel(source: RecordSource, lastPage: number): string {
  return lastPage > source.page ? `${pageLabel(source.page)}-${pageLabel(lastPage)}` : pageLabel(source.page);
}

/**
 * Normalized records of one page, or of the pages `source.page..lastPage` of one download batch, in
 * one movement-month partition (codes and days are columns).
 */
export function recordsObjectKey(
  source: RecordSource,
  movementMonth: string,
  lastPage = source.page,
): string {
  return `${RECORDS_TABLE.prefix}kind=${source.reportKind}/movement_month=${movementMonth}/${source.reportId}-p${pagesLabel(source, lastPage)}.parquet`;
}

/** Quarantined entries of one page, or of the pages `source.page..lastPage` of a batch, JSON lines. */
export function quarantineObjectKey(source: RecordSource, lastPage = source.page): string {
  return `${QUARANTINE_TABLE.prefix}kind=${source.reportKind}/generated=${source.generatedOn}/${source.reportId}-p${pagesLabel(source, lastPage)}.jsonl`;
}
