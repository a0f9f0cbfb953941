/**
 * Benchmark 2: normalization throughput on one core, and peak RSS while streaming 1,000,000 records
 * through normalization and Parquet writing. The records are real simulator pages (both report kinds,
 * quirks and malformed entries included), sampled once here and streamed by a child process
 * (`normalize-worker.ts`), so the child's memory is the pipeline's and nothing else's.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { ReportKind } from '../lambdas/core/ingest/records/canonical';
import { buildProviderClient } from '../lambdas/core/provider/client';
import { buildInProcessLimiter } from '../lambdas/core/rate-limit/in-process';
import { STEP_CATALOG } from '../lambdas/core/workflow/step-catalog';
import { CONFIGURATIONS, startSimulator } from '../local/simulator';
import { round } from './figures';

const run = promisify(execFile);

/**
 * V8 sizes its heap from the machine's memory (a quarter of it, twice that with 64-bit pointers:
 * `Heap::HeapSizeFromPhysicalMemory`) and lets garbage grow further before collecting the larger that
 * heap is. On a 24 GB bench machine that is a 4 GB heap, collected at about four times what is live;
 * in the download Lambda it is half its memory. The child gets the Lambda's heap, so its peak RSS is
 * the Lambda's and not the bench machine's.
 */
const LAMBDA_OLD_SPACE_MB = STEP_CATALOG.downloadPages.memoryMb / 2;

/** Pages sampled per report kind (1,000 records each). */
const SAMPLE_PAGES = 10;
const WINDOWS: Record<ReportKind, { from: string; to: string }> = {
  sales: { from: '2025-01-01', to: '2025-01-30' },
  financial: { from: '2025-02-15', to: '2025-03-16' },
};

export interface NormalizeFigures {
  /** Normalizer alone, records per CPU-second. */
  readonly recordsPerSecond: number;
  readonly recordsPerWallSecond: number;
  readonly peakRssMb: number;
  readonly withParquetRecordsPerSecond: number;
  readonly withParquetRecordsPerCpuSecond: number;
  readonly streamedRecords: number;
  readonly s3PutsPerThousandRecords: number;
}

async function samplePages(): Promise<{ kind: ReportKind; text: string }[]> {
  const simulator = await startSimulator({
    mode: 'sandbox',
    ratePerSecond: 1_000,
    dataset: { sales: 25_000, from: '2025-01-01', to: '2025-03-31', recordsPerPage: 1_000 },
  });
  try {
    const client = buildProviderClient({
      baseUrl: simulator.url,
      credentials: simulator.credentials,
      limiter: buildInProcessLimiter({ ratePerSecond: 1_000 }),
    });
    const samples: { kind: ReportKind; text: string }[] = [];
    for (const kind of ['sales', 'financial'] as const) {
      const { reportId } = await client.generate({
        configurationId: CONFIGURATIONS.sandbox[kind],
        ...WINDOWS[kind],
      });
      for (let page = 1; page <= SAMPLE_PAGES; page++) {
        const { records, malformed } = await client.downloadPage(reportId, page);
        samples.push({ kind, text: JSON.stringify({ records, malformed }) });
      }
    }
    return samples;
  } finally {
    await simulator.close();
  }
}

export async function benchNormalize(
  log: (line: string) => void,
  sizes = { normalize: 300_000, stream: 1_000_000 },
): Promise<NormalizeFigures> {
  const directory = await mkdtemp(join(tmpdir(), 'recon-bench-'));
  try {
    const file = join(directory, 'pages.json');
    await writeFile(file, JSON.stringify(await samplePages()));
    // Bundled and minified as the Lambda is (lib/constructs/recon-function.ts), not run through tsx: its
    // loader holds about 100 MB the pipeline does not, and the unminified bundle's comments made its
    // source a two-byte string of 4.8 MB where the Lambda's is 1.1 MB of ASCII.
    const worker = join(directory, 'normalize-worker.mjs');
    await build({
      entryPoints: ['bench/normalize-worker.ts'],
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outfile: worker,
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'error',
    });
    const { stdout } = await run(
      process.execPath,
      [
        `--max-old-space-size=${LAMBDA_OLD_SPACE_MB}`,
        worker,
        file,
        String(sizes.normalize),
        String(sizes.stream),
      ],
      { maxBuffer: 1 << 20 },
    );
    const out = JSON.parse(stdout.trim().split('\n').pop() as string);
    const figures: NormalizeFigures = {
      // Per CPU-second of the process (GC threads included): on a shared machine wall time measures the neighbours.
      recordsPerSecond: Math.round(out.alone.records / out.alone.cpuSeconds),
      recordsPerWallSecond: Math.round(out.alone.records / out.alone.seconds),
      peakRssMb: round(Math.max(out.peakRssBytes / 2 ** 20, out.maxRssKb / 1024), 1),
      withParquetRecordsPerSecond: Math.round(out.parquet.records / out.parquet.seconds),
      withParquetRecordsPerCpuSecond: Math.round(out.parquet.records / out.parquet.cpuSeconds),
      streamedRecords: out.parquet.records,
      s3PutsPerThousandRecords: round((out.parquet.puts / out.parquet.records) * 1000, 1),
    };
    log(`normalize: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
