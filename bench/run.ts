/**
 * `npm run bench [-- --only download,normalize,dynamodb,cost,e2e,scale]`: runs the benchmarks, prints
 * the figures, and writes bench/results.json and bench/results.md. Not part of `npm test`.
 * dynamodb, cost and e2e share one counted nightly run of 100,000 records; e2e adds one of 10,000.
 * scale runs one night of 10,000 records against each book size (`--book-sizes 100000,1000000`).
 */
import '../local/polyfills';
import { parseArgs } from 'node:util';
import { estimateCost, loadPrices } from './cost';
import { benchDownload } from './download';
import { round } from './figures';
import { fixedMonthlyCost, productionExampleItems } from './fixed-cost';
import { lambdaMemoryByStep } from './lambda-memory';
import { benchNormalize } from './normalize';
import { measurePipeline, STAGE } from './pipeline';
import { readResults, stamped, verdicts, writeResults } from './results';
import { scaleFigures } from './scale-figures';

/** `report` measures nothing: it rewrites results.md from results.json. */
const SECTIONS = ['download', 'normalize', 'dynamodb', 'cost', 'e2e', 'scale', 'report'] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'book-sizes': { type: 'string', default: '100000,1000000' } },
});
const only = new Set(
  (values.only?.split(',') ?? SECTIONS.filter((s) => s !== 'report')).map((s) => s.trim()) as Section[],
);
for (const section of only) {
  if (!SECTIONS.includes(section))
    throw new Error(`unknown section '${section}' (known: ${SECTIONS.join(', ')})`);
}
const log = (line: string) => console.log(line);
const results = readResults();

// Written after every section, so a later section's failure keeps the earlier figures.
if (only.has('download')) {
  results.download = stamped(await benchDownload(log));
  writeResults(results);
}
if (only.has('normalize')) {
  results.normalize = stamped(await benchNormalize(log));
  writeResults(results);
}

if (only.has('dynamodb') || only.has('cost') || only.has('e2e')) {
  const large = await measurePipeline(100_000, log);
  const matched = (large.byCode.A1 ?? 0) + (large.byCode.D1 ?? 0);
  if (only.has('dynamodb')) {
    results.dynamodb = stamped({
      writesPerRecord: round(large.dynamo.matchingWrites / large.records, 3),
      wcuPerRecord: round(large.dynamo.matchingWcu / large.records, 3),
      writesPerMatchedRecord: round(large.dynamo.matchingWrites / matched, 3),
      allWritesPerRecord: round(large.dynamo.writes / large.records, 3),
      allWcuPerRecord: round(large.dynamo.wcu / large.records, 3),
      rcuPerRecord: round(large.dynamo.rcu / large.records, 3),
      conditionalFailures: large.dynamo.conditionalFailures,
      totalsItemBytes: large.totalsItemBytes,
      attribution: large.dynamo.attribution,
      requests: large.dynamo.requests,
      records: large.records,
      byCode: large.byCode,
    });
  }
  if (only.has('cost')) {
    const cost = estimateCost(
      large,
      lambdaMemoryByStep({ environment: 'production', baseUrl: STAGE.baseUrl }),
      loadPrices(),
    );
    const fixedMonthly = fixedMonthlyCost(cost.counts, productionExampleItems(), loadPrices());
    results.cost = stamped({ ...cost, fixedMonthly });
    log(`cost: ${JSON.stringify(cost)}`);
  }
  writeResults(results);
  if (only.has('e2e')) {
    const small = await measurePipeline(10_000, log);
    results.e2e = stamped({
      seconds10k: small.seconds,
      seconds100k: large.seconds,
      runs: Object.fromEntries(
        [small, large].map((run) => [
          run.records,
          {
            seconds: run.seconds,
            status: run.status,
            exact: run.exact,
            outcomes: run.outcomes,
            maxRequestsInAnySecond: run.maxRequestsInAnySecond,
            steps: run.steps,
          },
        ]),
      ),
    });
  }
}

if (only.has('scale')) {
  const sizes = (values['book-sizes'] ?? '').split(',').map((s) => Number(s.trim()));
  results.scale = stamped(
    await scaleFigures(sizes, {
      prices: loadPrices(),
      memoryByStep: lambdaMemoryByStep({ environment: 'production', baseUrl: STAGE.baseUrl }),
      log,
    }),
  );
}

writeResults(results);
for (const line of verdicts(results)) log(line);
