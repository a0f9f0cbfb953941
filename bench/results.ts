/**
 * bench/results.json (read by other tools: the field names of REQUIRED_FIELDS are fixed) and the
 * markdown table bench/results.md. A filtered run (`--only`) keeps the other sections' last figures.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { costDetails } from './cost-report';
import { scaleDetails } from './scale-report';
import { writeDetails } from './write-report';

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
  const value = field
    .split('.')
    .reduce<unknown>((at, name) => (at as Record<string, unknown>)?.[name], results);
  return typeof value === 'number' ? value : undefined;
};

const TARGETS: readonly Target[] = [
  {
    field: 'download.ceilingRatio',
    label: 'Download pages/s ÷ 10 (latency 150–600 ms)',
    target: '≥ 0.95',
    met: (v) => v >= 0.95,
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
    target: '≥ 190,000',
    met: (v) => v >= 190_000,
  },
  {
    field: 'normalize.peakRssMb',
    label: 'Peak RSS streaming 1,000,000 records (MB)',
    target: '< 256',
    met: (v) => v < 256,
  },
  {
    field: 'dynamodb.writesPerRecord',
    label: 'DynamoDB matching writes per ingested record',
    target: '≤ 1.0',
    met: (v) => v <= 1,
  },
  {
    field: 'dynamodb.wcuPerRecord',
    label: 'DynamoDB write units per ingested record on receivables',
    target: '—',
    met: () => true,
  },
  {
    field: 'dynamodb.allWcuPerRecord',
    label: 'DynamoDB write units per ingested record, every item type',
    target: '≤ 1.10',
    met: (v) => v <= 1.1,
  },
  {
    field: 'cost.usdPerMillionRecords',
    label: 'Estimated AWS cost per 1,000,000 records (USD)',
    target: '≤ 0.90',
    met: (v) => v <= 0.9,
  },
  {
    field: 'cost.exportAndEventsUsd',
    label: 'Of it, the ERP export and the events (USD)',
    target: '< 0.05',
    met: (v) => v < 0.05,
  },
  {
    field: 'scale.ratio',
    label: 'Night cost, largest book ÷ smallest book (10,000 records)',
    target: '≤ 1.2',
    met: (v) => v <= 1.2,
  },
  {
    field: 'scale.extrapolated.usdPerMillionRecords',
    label: 'Cost per 1,000,000 records at 10 million stored receivables (USD)',
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

/** The commit the figures were measured on; `+changes` when the work tree differed from it. */
function measuredCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short=12', 'HEAD')}${git('status', '--porcelain', '--', '.', ':!bench/results.*') ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** Stamps a section's figures with when they were measured and how loaded the machine was. */
export function stamped(figures: object): Record<string, unknown> {
  return {
    ...figures,
    commit: measuredCommit(),
    measuredAt: new Date().toISOString(),
    loadAverage1m: Number(loadavg()[0]?.toFixed(2)),
  };
}

export function readResults(): Results {
  return existsSync(JSON_FILE) ? (JSON.parse(readFileSync(JSON_FILE, 'utf8')) as Results) : {};
}

export function writeResults(results: Results): void {
  const withMeta: Results = {
    ...results,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
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
  const details = [
    ...downloadDetails(results),
    ...writeDetails(results),
    ...costDetails(results.cost),
    ...scaleDetails(results),
  ];
  const machine = results.machine as { cpus: number; node: string };
  const when = Object.entries(results)
    .filter(([, section]) => typeof section.measuredAt === 'string')
    .map(
      ([name, section]) =>
        `${name} ${section.measuredAt} (load ${section.loadAverage1m}${section.commit ? `, commit ${section.commit}` : ''})`,
    )
    .join('; ');
  return [
    '# recon benchmark results',
    '',
    `Measured on ${machine.cpus} cores, Node ${machine.node}, a machine shared with other work${when ? ` (1-minute load average at the end of each section: ${when})` : ''}. Full figures and assumptions: \`bench/results.json\`. Re-run: \`npm run bench\` (or \`npm run bench -- --only download,normalize\`).`,
    '',
    '| figure | field | value | target | |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    ...details,
  ].join('\n');
}

/** What bounds the download ratio: the limiter's own cap, and slots lost on the way. */
function downloadDetails(results: Results): string[] {
  const d = results.download as
    | {
        setting: { ratePerSecond: number; marginRatio: number; coldStartMs?: number; spacingMs?: number };
        tightestSpanMs?: number | null;
        realistic: {
          limiterWrites?: number;
          racesLost?: number;
          requests: number;
          seconds: number;
          timeline?: { leadMs: number; idleMs: number; tailMs: number };
        };
        coldSend?: {
          withoutWarmUp: number[];
          withWarmUp: number[];
          worstFirstWithWarmUp: number;
          samples: number;
        };
        variants: Record<
          string,
          {
            ceilingRatio: number;
            maxRequestsInAnySecond: number;
            tightestSpanMs?: number | null;
            rateLimited: number;
            speedupVsSequential: number;
          }
        >;
      }
    | undefined;
  if (!d) return [];
  const cap = (d.setting.ratePerSecond * (1 - d.setting.marginRatio)) / 10;
  return [
    '## Download: what bounds the ratio',
    '',
    `- The limiter keeps any ${d.setting.ratePerSecond + 1} requests at least 1000 / (1 − ${d.setting.marginRatio}) = ${(1000 / (1 - d.setting.marginRatio)).toFixed(1)} ms apart, first to last: at most ${cap.toFixed(2)} of the ceiling once under way; an idle bucket's first ${d.setting.ratePerSecond} requests leave ${d.setting.spacingMs ?? '—'} ms apart, and each limiter instance's first request leaves room for a ${d.setting.coldStartMs ?? 0} ms cold start.`,
    `- As the provider counted them, 11 requests never arrived within less than ${d.tightestSpanMs ?? '—'} ms (at least 1000 ms means never more than 10 in any second; the excess is the headroom left).`,
    `- Realistic run: ${d.realistic.requests} requests, ${d.realistic.limiterWrites ?? '—'} conditional writes won on the shared DynamoDB bucket (one claims a Lambda's waiting slots together; pushes by late callers and repairs are writes too), ${d.realistic.racesLost ?? '—'} lost races.`,
    ...(d.realistic.timeline
      ? [
          `- Where the realistic run's ${d.realistic.seconds} s went: ${d.realistic.timeline.leadMs} ms until the first request arrived (the first claim), ${d.realistic.timeline.idleMs} ms between the first and last arrivals beyond what the limiter's window requires (cold gaps, late callers, batch ends), ${d.realistic.timeline.tailMs} ms after the last arrival (its page's latency); the rest is the pacing itself.`,
        ]
      : []),
    ...(d.coldSend
      ? [
          `- A fresh process's first, second and third request, from the \`fetch\` call to the provider's front door (median of ${d.coldSend.samples} processes): ${d.coldSend.withoutWarmUp.join(', ')} ms without the client's HTTP warm-up, ${d.coldSend.withWarmUp.join(', ')} ms with it (worst first request ${d.coldSend.worstFirstWithWarmUp} ms): the ${d.setting.coldStartMs ?? 0} ms cold gap covers it.`,
        ]
      : []),
    '- Other limiter settings, fixed 300 ms latency:',
    '',
    '| setting | ceiling ratio | max in any 1 s | tightest 11 arrivals (ms) | 429s | speed-up vs sequential |',
    '|---|---|---|---|---|---|',
    ...Object.entries(d.variants).map(
      ([name, v]) =>
        `| ${name} | ${v.ceilingRatio} | ${v.maxRequestsInAnySecond} | ${v.tightestSpanMs ?? '—'} | ${v.rateLimited} | ${v.speedupVsSequential} |`,
    ),
    '',
    "- The 3% margin (31 ms per 10 slots) covers waking late (7.7 ms; a caller up to 81 ms late moves the free slots back instead of wasting its own) and the delay between the check and the arrival (23 ms; measured up to 14 ms on the sending loop plus 6 ms to the provider's front door). The former 6% paid for a harness artifact: the simulator stamped arrivals on the thread that renders 1,000-record pages, up to 60 ms late; it now counts at a front door on its own thread (`local/simulator/threads/front-worker.ts`), as a provider's gateway does: see `docs/rate-limit.md`.",
    '',
  ];
}

/** Targets whose figures are present, with their verdict, for the console. */
export function verdicts(results: Results): string[] {
  return TARGETS.flatMap((t) => {
    const value = figure(results, t.field);
    if (value === undefined || t.target === '—') return [];
    return [`${t.met(value, results) ? 'met   ' : 'MISSED'} ${t.label}: ${value} (target ${t.target})`];
  });
}
