/**
 * The deposit results in the lake (`recon_deposit_results`, ingest/lake/tables.ts): one JSON lines object
 * per result date (payment date, else credit date) at a key that is a function of that date only,
 * its rows in one fixed order. Writing a range rewrites every date of it: dates with results get
 * their object (the same bytes for the same results, whatever order they came in), dates without
 * lose theirs, so matching again (a statement imported twice, a late financial report) replaces a
 * date's results instead of adding a second generation Athena would count twice.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import { stampSeen } from './first-seen';
import { resultDate } from './result-date';
import { DEPOSIT_RESULTS_TABLE } from './results-table';
import {
  DEPOSIT_STATUSES,
  type DepositResult,
  type DepositStatus,
  MANUAL_MATCH_MARKS,
  type ManualMatchMark,
} from './types';

type S3 = Pick<S3Client, 'send'>;

const OBJECT_NAME = 'results.jsonl';
const PARTITION = 'result_date=';

/** Result objects written or deleted side by side. */
const OBJECTS_AT_ONCE = 8;

/** The object holding every result of one date. */
export function depositResultsKey(date: IsoDate): string {
  return `${DEPOSIT_RESULTS_TABLE.prefix}${PARTITION}${date}/${OBJECT_NAME}`;
}

/** The date of a key of the table, or null for any other key under its prefix. */
function dateOfKey(key: string): IsoDate | null {
  const match = /^result_date=(\d{4}-\d{2}-\d{2})\/results\.jsonl$/.exec(
    key.slice(DEPOSIT_RESULTS_TABLE.prefix.length),
  );
  return match?.[1] ?? null;
}

/** A result as a lake row: the table's snake_case columns, in its column order. */
function toRow(r: DepositResult): Record<string, string | number | null> {
  return {
    status: r.status,
    acquirer: r.acquirer,
    bank_account: r.bankAccount,
    payment_date: r.paymentDate,
    deposit_group: r.group,
    expected_cents: r.expectedCents,
    credit_date: r.creditDate,
    credit_cents: r.creditCents,
    difference_cents: r.differenceCents,
    fitid: r.fitid,
    credit_identity: r.creditIdentity,
    memo: r.memo,
    window_ends: r.windowEnds,
    reversal_date: r.reversalDate,
    reversal_cents: r.reversalCents,
    reversal_identity: r.reversalIdentity,
    seen_on: r.seenOn ?? null,
    manual_match: r.manualMatch ?? null,
    seen_before: r.seenBefore === undefined ? null : JSON.stringify(r.seenBefore),
  };
}

const STATUSES: ReadonlySet<string> = new Set(DEPOSIT_STATUSES);

function fromRow(row: Record<string, unknown>, where: string): DepositResult {
  const text = (name: string): string | null => {
    const value = row[name];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string') throw new Error(`${where}: ${name} is not text`);
    return value;
  };
  const cents = (name: string): number | null => {
    const value = row[name];
    if (value === null || value === undefined) return null;
    if (!Number.isSafeInteger(value)) throw new Error(`${where}: ${name} is not whole centavos`);
    return value as number;
  };
  const status = text('status');
  if (status === null || !STATUSES.has(status)) throw new Error(`${where}: unknown status ${String(status)}`);
  const bankAccount = text('bank_account');
  if (bankAccount === null) throw new Error(`${where}: bank_account is missing`);
  return {
    status: status as DepositStatus,
    acquirer: text('acquirer'),
    bankAccount,
    paymentDate: text('payment_date'),
    group: text('deposit_group') ?? '',
    expectedCents: cents('expected_cents'),
    creditDate: text('credit_date'),
    creditCents: cents('credit_cents'),
    differenceCents: cents('difference_cents'),
    fitid: text('fitid'),
    creditIdentity: text('credit_identity'),
    memo: text('memo'),
    windowEnds: text('window_ends'),
    reversalDate: text('reversal_date'),
    reversalCents: cents('reversal_cents'),
    reversalIdentity: text('reversal_identity'),
    ...seenOnOf(text('seen_on')),
    ...manualMatchOf(text('manual_match'), where),
    ...seenBeforeOf(text('seen_before'), where),
  };
}

const MARKS: ReadonlySet<string> = new Set(MANUAL_MATCH_MARKS);

function seenBeforeOf(text: string | null, where: string): { seenBefore?: Record<string, IsoDate> } {
  if (text === null) return {};
  const parsed: unknown = JSON.parse(text);
  const dates = typeof parsed === 'object' && parsed !== null ? Object.values(parsed) : [null];
  if (!dates.every((d) => typeof d === 'string')) throw new Error(`${where}: seen_before is not dates`);
  return { seenBefore: parsed as Record<string, IsoDate> };
}

function manualMatchOf(mark: string | null, where: string): { manualMatch?: ManualMatchMark } {
  if (mark === null) return {};
  if (!MARKS.has(mark)) throw new Error(`${where}: unknown manual_match ${mark}`);
  return { manualMatch: mark as ManualMatchMark };
}

// Rows written before the first night was kept have none: their breaks read the data's own date.
const seenOnOf = (seenOn: string | null) => (seenOn === null ? {} : { seenOn });

/** One total order over a date's rows (their JSON text), so equal results make equal bytes. */
function encodeDate(results: readonly DepositResult[]): string {
  const lines = results.map((r) => JSON.stringify(toRow(r)));
  lines.sort();
  return `${lines.join('\n')}\n`;
}

/**
 * The table's dates in [from, to] that have an object, ascending. ListObjects (V1) paged by marker:
 * s3rver's V2 continuation token fails under Node's OpenSSL 3 (see local/lake/duckdb.ts).
 */
async function listDates(
  s3: S3,
  bucket: string,
  range: { from?: IsoDate; to?: IsoDate },
): Promise<IsoDate[]> {
  const dates: IsoDate[] = [];
  // Keys of a date sort after `result_date=<date>`: the marker starts the listing at `from` itself.
  let marker: string | undefined =
    range.from === undefined ? undefined : `${DEPOSIT_RESULTS_TABLE.prefix}${PARTITION}${range.from}`;
  do {
    const page = await s3.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: DEPOSIT_RESULTS_TABLE.prefix, Marker: marker }),
    );
    for (const object of page.Contents ?? []) {
      const date = object.Key ? dateOfKey(object.Key) : null;
      if (date === null) continue;
      if (range.to !== undefined && date > range.to) return dates;
      dates.push(date);
    }
    marker = page.IsTruncated ? (page.NextMarker ?? page.Contents?.at(-1)?.Key) : undefined;
  } while (marker);
  return dates;
}

/** Whether any result was ever written (a match ran since the table began). */
export async function anyDepositResult(s3: S3, bucket: string): Promise<boolean> {
  return (await listDates(s3, bucket, {})).length > 0;
}

/** Every result dated in [from, to] (either end open when absent), date by date. */
export async function readDepositResults(
  s3: S3,
  bucket: string,
  range: { readonly from?: IsoDate; readonly to?: IsoDate } = {},
): Promise<DepositResult[]> {
  const results: DepositResult[] = [];
  for (const date of await listDates(s3, bucket, range)) {
    const key = depositResultsKey(date);
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const body = (await object.Body?.transformToString('utf-8')) ?? '';
    body.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `${key} line ${i + 1}`;
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        throw new Error(`${where}: not JSON`);
      }
      if (typeof row !== 'object' || row === null) throw new Error(`${where}: not an object`);
      results.push(fromRow(row as Record<string, unknown>, where));
    });
  }
  return results;
}

/**
 * Replaces the results of every date in [from, to] with `results` (each must be dated in it), as
 * matched on `night`: one object per date that has results, none for a date that has not. Returns
 * the dates written and the dates whose object was deleted.
 */
export async function writeDepositResults(
  s3: S3,
  bucket: string,
  results: readonly DepositResult[],
  range: { readonly from: IsoDate; readonly to: IsoDate },
  night: IsoDate,
): Promise<{ written: IsoDate[]; deleted: IsoDate[] }> {
  const byDate = new Map<IsoDate, DepositResult[]>();
  for (const r of stampSeen(results, await readDepositResults(s3, bucket, range), night)) {
    const date = resultDate(r);
    if (date < range.from || date > range.to) {
      throw new Error(
        `deposit result dated ${date} is outside the range written (${range.from}..${range.to}): ${r.status} ${r.bankAccount}`,
      );
    }
    const list = byDate.get(date);
    if (list) list.push(r);
    else byDate.set(date, [r]);
  }
  const written = [...byDate.keys()].sort();
  // A night rewrites up to three months of dates: side by side, not one round trip after another.
  await mapWithConcurrency(written, OBJECTS_AT_ONCE, (date) =>
    s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: depositResultsKey(date),
        Body: encodeDate(byDate.get(date) ?? []),
        ContentType: 'application/x-ndjson',
      }),
    ),
  );
  const deleted = (await listDates(s3, bucket, range)).filter((date) => !byDate.has(date));
  await mapWithConcurrency(deleted, OBJECTS_AT_ONCE, (date) =>
    s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: depositResultsKey(date) })),
  );
  return { written, deleted };
}
