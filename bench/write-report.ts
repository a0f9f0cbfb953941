/**
 * The results.md section that says where the counted night's DynamoDB write units go: by item type,
 * by why a receivable was written, and how large the items are (bench/write-attribution.ts).
 */
import type { Tally, WriteAttribution } from './write-attribution';

type Results = Record<string, Record<string, unknown>>;

const perRecord = (units: number, records: number) => (units / records).toFixed(3);

function rows(tallies: Record<string, Tally | undefined>, records: number): string[] {
  return Object.entries(tallies)
    .filter((entry): entry is [string, Tally] => entry[1] !== undefined)
    .sort(([, a], [, b]) => b.wcu - a.wcu)
    .map(([name, t]) => `| ${name} | ${t.writes} | ${t.wcu} | ${perRecord(t.wcu, records)} |`);
}

export function writeDetails(results: Results): string[] {
  const d = results.dynamodb as { records: number; attribution?: WriteAttribution } | undefined;
  const a = d?.attribution;
  if (!d || !a) return [];
  const sizes = a.receivableItemBytes;
  return [
    '## DynamoDB: where each write unit goes',
    '',
    `The counted night of the dynamodb section (${d.records} records). Every write request, failed conditional ones included (1 unit each); the table has no secondary index.`,
    '',
    '| item type | writes | write units | per record |',
    '|---|---|---|---|',
    ...rows(a.byItemType, d.records),
    '',
    'Receivable writes by reason (told from what the put added to the item: a new item, a new forecast, payment or lifecycle record, a record seen again, or only its status), lost races, and new items presumed that were stored:',
    '',
    '| reason | writes | write units | per record |',
    '|---|---|---|---|',
    ...rows(a.byReceivableReason, d.records),
    '',
    `Receivable items put, by units: ${Object.entries(a.receivableItemsByUnits)
      .map(([units, n]) => `${n} of ${units} unit${units === '1' ? '' : 's'}`)
      .join(
        ', ',
      )}; sizes p50 ${sizes.p50} B, p90 ${sizes.p90} B, p99 ${sizes.p99} B, largest ${sizes.max} B. Largest item of each other type put: ${Object.entries(
      a.largestItemBytes,
    )
      .map(([type, bytes]) => `${type} ${bytes} B`)
      .join(
        ', ',
      )} (the totals items are only ever updated: their size, all shards together, is in \`dynamodb.totalsItemBytes\`).`,
    '',
  ];
}
