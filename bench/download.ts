/**
 * Benchmark 1: download throughput against the provider's ceiling (10 requests/s for the account), on
 * recon's real download path (download-world.ts), with the shipped limiter and a few variants, and the
 * cold send of a fresh process (cold-send.ts).
 */
import {
  DEFAULT_COLD_START_MS,
  DEFAULT_MARGIN_RATIO,
  DEFAULT_SPACING_MS,
  slotIntervalMs,
} from '../lambdas/core/rate-limit/pacing';
import { type ColdSendFigures, measureColdSend } from './cold-send';
import type { DownloadRun, LimiterSetting } from './download-run';
import { STAGE, startWorld } from './download-world';
import { round } from './figures';

export interface DownloadFigures {
  readonly ceilingRatio: number;
  readonly maxRequestsInAnySecond: number;
  /** The smaller of the two measured runs' {@link DownloadRun.tightestSpanMs}. */
  readonly tightestSpanMs: number | null;
  readonly speedupVsSequential: number;
  readonly pages: number;
  readonly pagesPerSecond: number;
  readonly setting: LimiterSetting & {
    pagesPerBatch: number;
    pageConcurrency: number;
    batchConcurrency: number;
  };
  readonly realistic: DownloadRun;
  readonly at300ms: DownloadRun;
  readonly sequentialAt300ms: DownloadRun;
  readonly variants: Record<string, DownloadRun & { speedupVsSequential: number }>;
  /** A fresh process's first requests, with and without the client's HTTP warm-up. */
  readonly coldSend: ColdSendFigures;
}

/** The limiter as the stack ships it (stage `ratePerSecond`, the limiter's default margin and cold gap). */
const SHIPPED: LimiterSetting = { ratePerSecond: STAGE.ratePerSecond, marginRatio: STAGE.rateMarginRatio };
/**
 * Settings measured for comparison: the former, larger margin, a smaller reserve, the cold gap
 * shipped before the HTTP warm-up, and evenly spaced slots (an idle bucket's first slots one interval
 * apart, the scheme before the sliding window) (see docs/rate-limit.md).
 */
const VARIANTS: Record<string, LimiterSetting> = {
  'before: evenly spaced': { ratePerSecond: 10, marginRatio: 0.03, spacingMs: slotIntervalMs() },
  'before: margin 0.06': { ratePerSecond: 10, marginRatio: 0.06 },
  'margin 0.025': { ratePerSecond: 10, marginRatio: 0.025 },
  'before: cold gap 150 ms': { ratePerSecond: 10, marginRatio: 0.03, coldStartMs: 150 },
};

/** The smallest tightest span among runs that had one. */
function tightest(runs: readonly DownloadRun[]): number | null {
  const spans = runs.flatMap((run) => (run.tightestSpanMs === null ? [] : [run.tightestSpanMs]));
  return spans.length > 0 ? Math.min(...spans) : null;
}

export async function benchDownload(log: (line: string) => void): Promise<DownloadFigures> {
  const realisticWorld = await startWorld([150, 600]);
  log(`download: report ${realisticWorld.reportId}, ${realisticWorld.pages} pages, latency 150-600 ms`);
  let realistic: DownloadRun;
  let coldSend: ColdSendFigures;
  try {
    realistic = await realisticWorld.recon(SHIPPED);
    log(`  recon (shipped rate ${SHIPPED.ratePerSecond}/s): ${JSON.stringify(realistic)}`);
    coldSend = await measureColdSend(realisticWorld.simulator);
    log(`  cold send (ms, first/second/third request of a fresh process): ${JSON.stringify(coldSend)}`);
  } finally {
    await realisticWorld.close();
  }
  const fixed = await startWorld([300, 300]);
  try {
    const sequentialAt300ms = await fixed.sequential();
    log(`  naive sequential @300 ms: ${JSON.stringify(sequentialAt300ms)}`);
    const at300ms = await fixed.recon(SHIPPED);
    log(`  recon (shipped) @300 ms: ${JSON.stringify(at300ms)}`);
    const variants: DownloadFigures['variants'] = {};
    for (const [name, setting] of Object.entries(VARIANTS)) {
      const run = await fixed.recon(setting);
      variants[name] = {
        ...run,
        speedupVsSequential: round(run.pagesPerSecond / sequentialAt300ms.pagesPerSecond, 2),
      };
      log(`  variant ${name} @300 ms: ${JSON.stringify(variants[name])}`);
    }
    const speedupVsSequential = round(at300ms.pagesPerSecond / sequentialAt300ms.pagesPerSecond, 2);
    log(
      `download: ${realistic.ceilingRatio} of the ceiling (150-600 ms), ${speedupVsSequential}x sequential (300 ms)`,
    );
    return {
      ceilingRatio: realistic.ceilingRatio,
      maxRequestsInAnySecond: Math.max(realistic.maxRequestsInAnySecond, at300ms.maxRequestsInAnySecond),
      tightestSpanMs: tightest([realistic, at300ms]),
      speedupVsSequential,
      pages: realistic.pages,
      pagesPerSecond: realistic.pagesPerSecond,
      setting: {
        ...SHIPPED,
        marginRatio: SHIPPED.marginRatio ?? DEFAULT_MARGIN_RATIO,
        coldStartMs: SHIPPED.coldStartMs ?? DEFAULT_COLD_START_MS,
        spacingMs: SHIPPED.spacingMs ?? DEFAULT_SPACING_MS,
        pagesPerBatch: STAGE.download.pagesPerBatch,
        pageConcurrency: STAGE.download.pageConcurrency,
        batchConcurrency: STAGE.download.batchConcurrency,
      },
      realistic,
      at300ms,
      sequentialAt300ms,
      variants,
      coldSend,
    };
  } finally {
    await fixed.close();
  }
}
