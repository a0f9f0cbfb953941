/**
 * Child process of the normalization benchmark (see normalize.ts): streams `records` records, page by
 * page, through the normalizer alone and then, a download batch at a time, through the real page ingestor (normalize, partition,
 * Parquet, gzip of the raw page, quarantine lines) with an S3 stand-in that only counts bytes.
 * Pages are re-parsed from JSON text each time, so every page is fresh objects as after a download.
 * Prints one JSON line of figures on stdout.
 */
import { readFileSync } from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import { parseReconConfig } from '../lambdas/core/config';
import { buildPageIngestor, type SourcedPage } from '../lambdas/core/ingest/lake/ingest';
import type { RecordSource, ReportKind } from '../lambdas/core/ingest/records/canonical';
import { buildNormalizer } from '../lambdas/core/ingest/records/normalize';
import type { Page } from '../lambdas/core/provider/port';
import { workflowConfigSchema } from '../lambdas/core/workflow/config';

/** Pages one download step ingests together, as the deployed workflow does by default. */
const PAGES_PER_BATCH = workflowConfigSchema.shape.pagesPerBatch.parse(undefined);

interface SamplePage {
  readonly kind: ReportKind;
  readonly text: string;
}

const [samplesFile, normalizeRecordsArg, ingestRecordsArg] = process.argv.slice(2);
// Kept as the bytes a download receives and decoded page by page, as the provider client does: as strings the
// twenty samples were 7 MB of live heap no Lambda holds, and V8 collects at a multiple of what is live.
const samples = (JSON.parse(readFileSync(samplesFile as string, 'utf8')) as SamplePage[]).map(
  ({ kind, text }) => ({ kind, bytes: Buffer.from(text) }),
);
const normalizeTarget = Number(normalizeRecordsArg);
const ingestTarget = Number(ingestRecordsArg);
const config = parseReconConfig({});

let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

/** The n-th page of the stream: a sample re-parsed, numbered as page n of its report. */
function pageAt(n: number): { page: Page; source: RecordSource } {
  const sample = samples[n % samples.length] as (typeof samples)[number];
  const body = JSON.parse(sample.bytes.toString('utf8')) as Pick<Page, 'records' | 'malformed'>;
  const reportId = String(9_000_000_000_000_000n + BigInt(Math.floor(n / 100)));
  const page: Page = {
    reportId,
    page: n + 1,
    records: body.records,
    malformed: body.malformed,
    pastLastPage: false,
  };
  return { page, source: { reportKind: sample.kind, reportId, page: n + 1, generatedOn: '2025-06-01' } };
}

function normalizerAlone() {
  const normalizer = buildNormalizer(config);
  let records = 0;
  let ms = 0;
  let cpuMicros = 0;
  for (let n = 0; records < normalizeTarget; n++) {
    const { page, source } = pageAt(n);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (const raw of page.records) normalizer.normalize(raw, source);
    for (const raw of page.malformed) normalizer.normalize(raw, source);
    const cpu = process.cpuUsage(cpuBefore);
    cpuMicros += cpu.user + cpu.system;
    ms += performance.now() - started;
    records += page.records.length + page.malformed.length;
    sampleRss();
  }
  return { records, seconds: ms / 1000, cpuSeconds: cpuMicros / 1e6 };
}

async function withParquet() {
  let bytes = 0;
  let puts = 0;
  const s3 = {
    async send(command: { input: { Body?: Uint8Array | string } }) {
      const body = command.input.Body;
      if (body !== undefined) {
        puts += 1;
        bytes += typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      }
      return {};
    },
  } as unknown as S3Client;
  const ingestor = buildPageIngestor({ s3, bucket: 'bench', config });
  let records = 0;
  let ms = 0;
  const cpuBefore = process.cpuUsage();
  // Batches of PAGES_PER_BATCH pages of one report (pageAt keeps 100 pages per report id).
  for (let n = 0; records < ingestTarget; n += PAGES_PER_BATCH) {
    const batch: SourcedPage[] = Array.from({ length: PAGES_PER_BATCH }, (_, i) => pageAt(n + i));
    const started = performance.now();
    await ingestor.ingestPages(batch);
    ms += performance.now() - started;
    for (const { page } of batch) records += page.records.length + page.malformed.length;
    sampleRss();
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { records, seconds: ms / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, puts, bytes };
}

const alone = normalizerAlone();
const parquet = await withParquet();
sampleRss();
process.stdout.write(
  `${JSON.stringify({ alone, parquet, peakRssBytes: peakRss, maxRssKb: process.resourceUsage().maxRSS })}\n`,
);
