/**
 * The full lists a run writes beside its report (docs/report.md, "Short by design"): every
 * receivable of each action category with receivables in it, from the night's kept action list
 * (action-list/store.ts: one object, not a read of every such receivable), then the sections' own lists.
 * The report shows a list's largest rows and links to its file.
 */
import { ACTION_STATES, type ActionItem, type ActionState } from '../book/types';
import type { IsoDate } from '../calendar';
import { csvCount, csvDate, csvMoney, excelCsv, type FullList } from '../report-kit/csv';
import { type FullLists, fullListName } from '../report-kit/short-list';
import { textsFor } from './i18n';
import { SECTION_LIST } from './sections';
import type { ReportLanguage, RunSummary } from './types';

/** Every item of one action state, largest first (the night's kept action list, action-list/). */
export type ReadActionItems = (state: ActionState, asOf: IsoDate) => Promise<readonly ActionItem[]>;

/** One category's receivables: the parts the report writes in one cell each have a column here. */
function receivableList(
  state: ActionState,
  items: readonly ActionItem[],
  language: ReportLanguage,
): FullList {
  const t = textsFor(language);
  const c = t.columns;
  const x = t.csvColumns;
  const header = [
    x.acquirer,
    x.merchant,
    x.saleDate,
    'NSU',
    x.installment,
    c.dueDate,
    c.forecast,
    c.settled,
    c.difference,
    x.review,
    x.chargeback,
    x.chargebackDate,
  ];
  const rows = items.map((i) => [
    i.acquirer,
    i.merchant,
    csvDate(i.saleDate),
    i.nsu,
    csvCount(i.installment),
    csvDate(i.dueDate),
    csvMoney(i.forecastNetCents),
    csvMoney(i.settledNetCents),
    csvMoney(i.differenceCents),
    i.review === undefined ? null : (t.attention.review[i.review] ?? i.review),
    csvMoney(i.chargedBackNetCents ?? null),
    csvDate(i.chargebackDate ?? null),
  ]);
  return { name: state, label: t.states[state] ?? state, csv: excelCsv(header, rows) };
}

/** The run's lists: each category with receivables in it (when they can be read), then the sections'. */
export async function fullListsOf(summary: RunSummary, read?: ReadActionItems): Promise<FullList[]> {
  const counted = (state: ActionState) => (summary.attention.find((c) => c.state === state)?.count ?? 0) > 0;
  const receivables =
    read === undefined
      ? []
      : await Promise.all(
          ACTION_STATES.filter(counted).map(async (state) =>
            receivableList(state, await read(state, summary.asOf), summary.language),
          ),
        );
  return [...receivables, ...SECTION_LIST.flatMap((section) => section.fullLists?.(summary) ?? [])];
}

/** Writes each list beside the report (`key(file)`) and names the files for the report's links. */
export async function writeFullLists(
  lists: readonly FullList[],
  key: (file: string) => string,
  writeObject: (key: string, body: string, contentType: string) => Promise<void>,
): Promise<FullLists> {
  for (const list of lists) {
    await writeObject(key(fullListName(list.name)), list.csv, 'text/csv; charset=utf-8');
  }
  return Object.fromEntries(lists.map((list) => [list.name, fullListName(list.name)]));
}
