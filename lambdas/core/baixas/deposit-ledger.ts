/**
 * What was already posted of the deposits (docs/erp-export.md, "Deposits confirmed in the bank"). The
 * deposit results are recomputed every night over the match's range and rewritten whole, so, unlike a
 * receivable item, they hold no baseline: the ledger keeps one per result date,
 * `exports/baixas-ledger/deposits/result_date=<date>.json`, as the receivable items keep `xn`: the
 * night that last exported the date, the confirmed amounts before that night (`before`) and after it
 * (`after`). A re-run of the night takes `before` again (the same lines); another night takes `after`,
 * which the night that wrote it posted. Work is bounded by the match's range: one listing and one
 * read and write per date with a confirmed deposit, posted or now.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import { mapWithConcurrency } from '../concurrency';
import { resultDate } from '../deposits/result-date';
import { dateOfDepositIdentity } from '../deposits/result-identity';
import type { DepositResult } from '../deposits/types';
import { listPages } from '../store/s3-listing';
import { amountsOf, confirmedOf, type DepositAmounts, depositLinesOf } from './deposit-lines';
import type { BaixaLine } from './lines';
import { type BaixasStoreDeps, buildBaixasStore } from './store';

export const DEPOSIT_LEDGER_PREFIX = 'exports/baixas-ledger/deposits/';

/** A date's ledger: what the night that last exported it found posted, and what it posted. */
export interface DepositLedgerEntry {
  readonly night: IsoDate;
  readonly before: DepositAmounts;
  readonly after: DepositAmounts;
}

/** Ledgers read or written side by side. */
const OBJECTS_AT_ONCE = 8;

export function depositLedgerKey(date: IsoDate): string {
  return `${DEPOSIT_LEDGER_PREFIX}result_date=${date}.json`;
}

const DATE_OF_KEY = /result_date=(\d{4}-\d{2}-\d{2})\.json$/;

/** The dates in [from, to] that have a ledger. */
async function ledgerDates(
  { s3, bucket }: BaixasStoreDeps,
  range: { readonly from: IsoDate; readonly to: IsoDate },
): Promise<IsoDate[]> {
  const dates: IsoDate[] = [];
  // The key of `from` sorts after `result_date=<from>`: the listing starts at `from` itself.
  const listing = listPages(s3, bucket, {
    Prefix: DEPOSIT_LEDGER_PREFIX,
    StartAfter: `${DEPOSIT_LEDGER_PREFIX}result_date=${range.from}`,
  });
  for await (const page of listing) {
    for (const object of page.Contents ?? []) {
      const date = object.Key?.match(DATE_OF_KEY)?.[1];
      if (date === undefined) continue;
      if (date > range.to) return dates;
      dates.push(date);
    }
  }
  return dates;
}

async function readLedger({ s3, bucket }: BaixasStoreDeps, date: IsoDate): Promise<DepositLedgerEntry> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: depositLedgerKey(date) }));
  return JSON.parse((await object.Body?.transformToString('utf-8')) ?? '') as DepositLedgerEntry;
}

/** What the export of `night` takes as posted of a date's deposits. */
function postedOf(entry: DepositLedgerEntry | undefined, night: IsoDate): DepositAmounts {
  if (entry === undefined) return {};
  return entry.night === night ? entry.before : entry.after;
}

/**
 * The match step's part of the export: after the deposit results of `range` are written as matched on
 * `night`, the night's deposit lines (`part-deposits.jsonl`), then the ledger of every date with a
 * confirmed deposit, posted or now. A re-run rewrites the part with the lines of its range and keeps
 * those the night wrote of dates outside it (a re-run of a shorter range must not drop what the night
 * posted). The part goes first: a failure between the two leaves the ledgers as they were, and the
 * re-run writes the same lines.
 */
export function buildDepositLinesExport(deps: BaixasStoreDeps) {
  const store = buildBaixasStore(deps);
  return async (
    results: readonly DepositResult[],
    range: { readonly from: IsoDate; readonly to: IsoDate },
    night: IsoDate,
  ): Promise<number> => {
    const stored = await ledgerDates(deps, range);
    const entries = new Map<IsoDate, DepositLedgerEntry>(
      await mapWithConcurrency(stored, OBJECTS_AT_ONCE, async (date) => [date, await readLedger(deps, date)]),
    );
    const byDate = new Map<IsoDate, DepositResult[]>();
    for (const r of results) byDate.set(resultDate(r), [...(byDate.get(resultDate(r)) ?? []), r]);
    const dates = [...new Set([...stored, ...[...confirmedOf(results).values()].map(resultDate)])].sort();
    const ledgers = dates.map((date) => {
      const dated = byDate.get(date) ?? [];
      const before = postedOf(entries.get(date), night);
      return { date, entry: { night, before, after: amountsOf(confirmedOf(dated)) }, dated };
    });
    const outside = (line: BaixaLine) => {
      const date = dateOfDepositIdentity(line.depositKey ?? '');
      return date < range.from || date > range.to;
    };
    const kept = (await store.partLines(night, 'deposits')).filter(outside);
    const fresh = ledgers.flatMap(({ entry, dated }) => depositLinesOf(night, entry.before, dated));
    // By deposit (a stable sort keeps each one's REVERSAL before its NEW): a re-run writes the same bytes.
    const byDeposit = [...kept, ...fresh].sort((a, b) =>
      (a.depositKey ?? '') < (b.depositKey ?? '') ? -1 : (a.depositKey ?? '') > (b.depositKey ?? '') ? 1 : 0,
    );
    await store.write(night, 'deposits', byDeposit);
    await mapWithConcurrency(ledgers, OBJECTS_AT_ONCE, ({ date, entry }) =>
      deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: depositLedgerKey(date),
          Body: JSON.stringify(entry),
          ContentType: 'application/json',
        }),
      ),
    );
    return fresh.length;
  };
}
