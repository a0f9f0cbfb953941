/**
 * What was already posted of the deposits (docs/erp-export.md, "Deposits confirmed in the bank"). The
 * deposit results are recomputed every night over the match's range and rewritten whole, so, unlike a
 * receivable item, they hold no baseline: a dated ledger (dated-ledger.ts) keeps one per result date,
 * `exports/baixas-ledger/deposits/result_date=<date>.json`, of the confirmed amounts. Work is
 * bounded by the match's range: one listing and one read and write per date with a confirmed
 * deposit, posted or now.
 */
import type { IsoDate } from '../calendar';
import { resultDate } from '../deposits/result-date';
import { dateOfDepositIdentity } from '../deposits/result-identity';
import type { DepositResult } from '../deposits/types';
import { buildDatedLedger, postedOf } from './dated-ledger';
import { amountsOf, confirmedOf, depositLinesOf } from './deposit-lines';
import type { BaixaLine } from './lines';
import { type BaixasStoreDeps, buildBaixasStore } from './store';

export const DEPOSIT_LEDGER_PREFIX = 'exports/baixas-ledger/deposits/';

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
  const ledger = buildDatedLedger(deps, DEPOSIT_LEDGER_PREFIX);
  return async (
    results: readonly DepositResult[],
    range: { readonly from: IsoDate; readonly to: IsoDate },
    night: IsoDate,
  ): Promise<number> => {
    const entries = await ledger.readRange(range);
    const stored = [...entries.keys()];
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
    await ledger.write(ledgers);
    return fresh.length;
  };
}
