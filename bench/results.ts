/**
 * bench/results.json (read by other tools: the field names of REQUIRED_FIELDS are fixed) and the
 * markdown table bench/results.md. A filtered run (`--only`) keeps the other sections' last figures.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export type Results = Record<string, Record<string, unknown>>;

const JSON_FILE = new URL('./results.json', import.meta.url);
const MD_FILE = new URL('./results.md', import.meta.url);

interface Target {
  readonly field: string;
  readonly label: string;
  readonly target: string;
  readonly met: (value: number, results: Results) => boolean;
}

const figure = (results: Results, field: string): number | undefined => {
  const [section, name] = field.split('.') as [string, string];
  const value = results[section]?.[name];
  return typeof value === 'number' ? value : undefined;
};

const TARGETS: readonly Target[] = [
  {
    field: 'download.ceilingRatio',
    label: 'Download pages/s ÷ 10 (latency 150–600 ms)',
    target: '≥ 0.9',
    met: (v) => v >= 0.9,
  },
  {
    field: 'download.maxRequestsInAnySecond',
    label: 'Most requests in any 1 s window',
    target: '≤ 10',
    met: (v) => v <= 10,
  },
  {
    field: 'download.speedupVsSequential',
    label: 'Speed-up vs naive sequential (300 ms)',
    target: '≥ 3',
    met: (v) => v >= 3,
  },
  {
    field: 'normalize.recordsPerSecond',
    label: 'Normalizer records per CPU-second',
    target: '≥ 100,000',
    met: (v) => v >= 100_000,
  },
  {
    field: 'normalize.peakRssMb',
    label: 'Peak RSS streaming 1,000,000 records (MB)',
    target: '< 512',
    met: (v) => v < 512,
  },
  {
    field: 'dynamodb.writesPerRecord',
    label: 'DynamoDB matching writes per ingested record',
    target: '≤ 1.0',
    met: (v) => v <= 1,
  },
  {
    field: 'cost.usdPerMillionRecords',
    label: 'Estimated AWS cost per 1,000,000 records (USD)',
    target: '≤ 1.00',
    met: (v) => v <= 1,
  },
  {
    field: 'e2e.seconds10k',
    label: 'End-to-end local wall time, 10,000 records (s)',
    target: '—',
    met: () => true,
  },
  {
    field: 'e2e.seconds100k',
    label: 'End-to-end local wall time, 100,000 records (s)',
    target: '—',
    met: () => true,
  },
];

export function readResults(): Results {
  return existsSync(JSON_FILE) ? (JSON.parse(readFileSync(JSON_FILE, 'utf8')) as Results) : {};
}

export function writeResults(results: Results): void {
  const withMeta: Results = {
    ...results,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverage1m: Number(loadavg()[0]?.toFixed(2)),
      measuredAt: new Date().toISOString(),
    },
  };
  writeFileSync(JSON_FILE, `${JSON.stringify(withMeta, null, 2)}\n`);
  writeFileSync(MD_FILE, markdown(withMeta));
}

function markdown(results: Results): string {
  const rows = TARGETS.map((t) => {
    const value = figure(results, t.field);
    const verdict =
      value === undefined ? 'not measured' : t.target === '—' ? '' : t.met(value, results) ? 'met' : 'MISSED';
    return `| ${t.label} | \`${t.field}\` | ${value ?? '—'} | ${t.target} | ${verdict} |`;
  });
  const machine = results.machine as {
    cpus: number;
    node: string;
    loadAverage1m: number;
    measuredAt: string;
  };
  return [
    '# recon benchmark results',
    '',
    `Measured ${machine.measuredAt} on ${machine.cpus} cores, Node ${machine.node}, load average ${machine.loadAverage1m} (shared machine). Full figures and assumptions: \`bench/results.json\`. Re-run: \`npm run bench\` (or \`npm run bench -- --only download,normalize\`).`,
    '',
    '| figure | field | value | target | |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Targets whose figures are present, with their verdict, for the console. */
export function verdicts(results: Results): string[] {
  return TARGETS.flatMap((t) => {
    const value = figure(results, t.field);
    if (value === undefined || t.target === '—') return [];
    return [`${t.met(value, results) ? 'met   ' : 'MISSED'} ${t.label}: ${value} (target ${t.target})`];
  });
}
