/**
 * What the ERP export already posted of things that hold no baseline of their own (deposit results,
 * rewritten whole every night; account items, written by the matcher without the receivables'
 * `xn`): one small object per date under a prefix, as the receivable items keep `xn`: the night that
 * last exported the date, the amounts before that night (`before`) and after it (`after`). A re-run
 * of the night takes `before` again (the same lines); another night takes `after`, which the night
 * that wrote it posted. Work is bounded by the range a night covers: one listing, and one read and
 * write per date with anything posted or to post.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import type { Cents } from '../money';
import { listPages } from '../store/s3-listing';
import type { BaixasStoreDeps } from './store';

/** Posted amounts (centavos) by what they are of (a deposit's identity, an account item's). */
export type PostedAmounts = Readonly<Record<string, Cents>>;

/** A date's ledger: what the night that last exported it found posted, and what it posted. */
export interface LedgerEntry {
  readonly night: IsoDate;
  readonly before: PostedAmounts;
  readonly after: PostedAmounts;
}

/** Ledgers read or written side by side. */
const OBJECTS_AT_ONCE = 8;

const DATE_OF_KEY = /result_date=(\d{4}-\d{2}-\d{2})\.json$/;

export function buildDatedLedger(deps: BaixasStoreDeps, prefix: string) {
  const keyOf = (date: IsoDate) => `${prefix}result_date=${date}.json`;

  /** The dates in [from, to] that have a ledger. */
  async function dates(range: { readonly from: IsoDate; readonly to: IsoDate }): Promise<IsoDate[]> {
    const found: IsoDate[] = [];
    // The key of `from` sorts after `result_date=<from>`: the listing starts at `from` itself.
    const listing = listPages(deps.s3, deps.bucket, {
      Prefix: prefix,
      StartAfter: `${prefix}result_date=${range.from}`,
    });
    for await (const page of listing) {
      for (const object of page.Contents ?? []) {
        const date = object.Key?.match(DATE_OF_KEY)?.[1];
        if (date === undefined) continue;
        if (date > range.to) return found;
        found.push(date);
      }
    }
    return found;
  }

  async function read(date: IsoDate): Promise<LedgerEntry> {
    const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: keyOf(date) }));
    return JSON.parse((await object.Body?.transformToString('utf-8')) ?? '') as LedgerEntry;
  }

  return {
    key: keyOf,
    /** The ledgers of the dates in the range that have one. */
    async readRange(range: {
      readonly from: IsoDate;
      readonly to: IsoDate;
    }): Promise<Map<IsoDate, LedgerEntry>> {
      const stored = await dates(range);
      return new Map(
        await mapWithConcurrency(stored, OBJECTS_AT_ONCE, async (date) => [date, await read(date)]),
      );
    },
    async write(ledgers: readonly { readonly date: IsoDate; readonly entry: LedgerEntry }[]): Promise<void> {
      await mapWithConcurrency(ledgers, OBJECTS_AT_ONCE, ({ date, entry }) =>
        deps.s3.send(
          new PutObjectCommand({
            Bucket: deps.bucket,
            Key: keyOf(date),
            Body: JSON.stringify(entry),
            ContentType: 'application/json',
          }),
        ),
      );
    },
  };
}

/** What the export of `night` takes as posted of a date. */
export function postedOf(entry: LedgerEntry | undefined, night: IsoDate): PostedAmounts {
  if (entry === undefined) return {};
  return entry.night === night ? entry.before : entry.after;
}
