/**
 * The `scale` section of bench/results.md: what each figure is, per book size and per step, and the
 * cost per night as a function of records per night and book size.
 */
import { loadPrices } from './cost';

/** bench/results.json, as results.ts reads it (not imported: results.ts imports this module). */
type Results = Record<string, Record<string, unknown>>;

interface Figures {
  readonly invocations: number;
  readonly seconds: number;
  readonly rru: number;
  readonly wru: number;
  readonly gbSeconds: number;
  readonly peakRssMb?: number;
}
interface Run {
  readonly bookSize: number;
  readonly records: number;
  readonly seconds: number;
  readonly loadSeconds: number;
  readonly steps: Record<string, Figures>;
  readonly total: Figures & { usd: number; usdPerMillionRecords: number };
}
interface Scale {
  readonly bookSizes: number[];
  readonly ratio: number;
  readonly extrapolated: {
    bookSize: number;
    usdPerNight: number;
    usdPerMillionRecords: number;
    usdPerMillionReceivablesInBookPerNight: number;
  };
  readonly runs: Run[];
}

const n = (value: number) => value.toLocaleString('en-US');

/** Dollar shares of one night, from its counted units at the prices of bench/prices.json. */
function whereTheMoneyGoes(run: Run): string {
  const prices = loadPrices();
  const writes = (run.total.wru / 1e6) * prices.dynamodb.usdPerMillionWriteRequestUnits;
  const reads = (run.total.rru / 1e6) * prices.dynamodb.usdPerMillionReadRequestUnits;
  const lambda = run.total.gbSeconds * prices.lambda.usdPerGbSecond;
  const other = Math.max(run.total.usd - writes - reads - lambda, 0);
  const share = (usd: number) => `${Math.round((usd / run.total.usd) * 100)}%`;
  return `DynamoDB writes ${share(writes)}, DynamoDB reads ${share(reads)}, Lambda ${share(lambda)}, S3 and Step Functions ${share(other)}`;
}

export function scaleDetails(results: Results): string[] {
  const scale = results.scale as unknown as Scale | undefined;
  if (!scale?.runs?.length) return [];
  const [small, large] = [scale.runs[0] as Run, scale.runs.at(-1) as Run];
  const steps = Object.keys(large.steps);
  const perStep = scale.runs.flatMap((run) =>
    steps.map((step) => {
      const f = run.steps[step];
      return f
        ? `| ${n(run.bookSize)} | ${step} | ${f.invocations} | ${f.seconds} | ${f.rru} | ${f.wru} | ${f.gbSeconds} | ${f.peakRssMb ?? '—'} |`
        : `| ${n(run.bookSize)} | ${step} | 0 | | | | | |`;
    }),
  );
  const totals = scale.runs.map(
    (run) =>
      `| ${n(run.bookSize)} | ${n(run.records)} | ${run.seconds} | ${run.total.rru} | ${run.total.wru} | ${run.total.gbSeconds} | ${run.total.usd} | ${run.total.usdPerMillionRecords} | ${run.loadSeconds} |`,
  );
  const x = scale.extrapolated;
  return [
    '## Scale: one night against books of different sizes',
    '',
    `The same night (about ${n(large.records)} records of a 30-day period, through the synthesized state machine and the real steps) run once per book size. The book is loaded straight into dynalite with BatchWriteItem before the run (\`bench/book.ts\`: 70% settled, 10% open, 5% overdue, 5% each short, over and unexpected, the items the matcher writes); an uncounted history night then ingests the three months before the period and builds the book's kept totals once, as a deployed table has them.`,
    '',
    '| book (receivables) | records | night wall (s) | read units | write units | Lambda GB-s | US$ per night | US$ per million records | book load (s) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...totals,
    '',
    `- \`scale.bookSizes\`: ${scale.bookSizes.map(n).join(', ')} receivables stored before the night.`,
    `- \`scale.ratio\` = ${scale.ratio}: the night's total cost with the largest book over the same night with the smallest (US$ ${large.total.usd} / US$ ${small.total.usd}). 1.0 means the book's size costs nothing; the target is ≤ 1.2.`,
    `- \`scale.extrapolated\`: on the straight line through the two books, a night at ${n(x.bookSize)} receivables costs US$ ${x.usdPerNight}, US$ ${x.usdPerMillionRecords} per million records (target ≤ 1.00); each extra million stored receivables adds US$ ${x.usdPerMillionReceivablesInBookPerNight} a night. The line is drawn through the counted costs only (requests, read and write units, transitions); Lambda duration, wall time on a machine shared with other work, is added as the largest book measured it.`,
    '- night wall: from the execution start to its end on this machine. Read/write units: DynamoDB capacity each step consumed as dynalite reports it for the table (it has no secondary index).',
    "- Lambda GB-s: each step's summed wall time × the memory the stack deploys for its function (`bench/lambda-memory.ts`). dynalite runs in its own process, so the time holds the step's work and its waits, not DynamoDB's work; it answers much slower than DynamoDB, so this overestimates.",
    "- Peak RSS: the bench process's resident memory sampled every 50 ms while the step ran. That process also hosts the simulator, s3rver and the local state machine executor, so the figure is an upper bound for the step; what matters is that it does not grow with the book.",
    '- US$: list prices of bench/prices.json (Lambda GB-s and requests, Step Functions transitions, DynamoDB units, S3 requests); nothing is scaled. Not included: the extra report polls of a deployed run, CloudWatch, S3 storage.',
    '',
    '| book | step | invocations | wall (s) | read units | write units | Lambda GB-s | peak RSS (MB) |',
    '|---|---|---|---|---|---|---|---|',
    ...perStep,
    '',
    `Where the largest book's night goes: ${whereTheMoneyGoes(large)}. ${unitsPerRecord(large)}`,
    '',
    '### Cost per night as a function of records and book size',
    '',
    `cost(R, B) ≈ R × US$ ${(large.total.usdPerMillionRecords / 1e6).toPrecision(3)} + B × US$ ${(Math.max(x.usdPerMillionReceivablesInBookPerNight, 0) / 1e6).toPrecision(3)}, for R records in the night and B receivables stored (per-record rate measured with the largest book; per-stored-receivable rate from the slope of the counted costs between the books).`,
    '',
  ];
}

/** Write and read units per record, and which steps spend them. */
function unitsPerRecord(run: Run): string {
  const per = (units: number | undefined) => ((units ?? 0) / run.records).toFixed(2);
  const { downloadPages: download, ageReceivables: aging, exportSnapshot: exported } = run.steps;
  return (
    `Write units per record: ${per(run.total.wru)} (${per(download?.wru)} in the download steps: the receivable put ` +
    `and the kept totals item per batch; ${per(aging?.wru)} in aging: the night's due lists and the ` +
    `receivables turned OVERDUE). Read units per record: ${per(run.total.rru)} ` +
    `(${per(download?.rru)} matching reads; ${per(aging?.rru)} aging: due lists and the receivables listed under the ` +
    `dates whose grace ended; ${per(exported?.rru)} export, which writes from the touched log).`
  );
}
