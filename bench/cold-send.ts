/**
 * How much later than a warm request a process's first request reaches the provider, with and
 * without the provider client's HTTP warm-up (lambdas/core/provider/warm-up.ts): the figure behind
 * the limiter's cold-start gap. Each sample is a fresh Node process (cold-send-child.ts), as a new
 * Lambda container is; the simulator's front door stamps arrivals on the same clock.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { SimulatorThread } from '../local/simulator/threads/thread';
import { round } from './figures';

const CHILD = fileURLToPath(new URL('./cold-send-child.ts', import.meta.url));
const SAMPLES = 5;

export interface ColdSendFigures {
  /** Send to arrival (ms) of a fresh process's first, second and third request: median of the samples. */
  readonly withoutWarmUp: readonly number[];
  readonly withWarmUp: readonly number[];
  /** Largest first-request send to arrival seen with the warm-up (ms). */
  readonly worstFirstWithWarmUp: number;
  readonly samples: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

export async function measureColdSend(simulator: SimulatorThread): Promise<ColdSendFigures> {
  const { email, apiToken } = simulator.credentials;
  const authorization = `Basic ${Buffer.from(`${email}:${apiToken}`).toString('base64')}`;
  const delays: Record<'none' | 'warm-up', number[][]> = { none: [], 'warm-up': [] };
  for (let sample = 0; sample < SAMPLES; sample++) {
    for (const warm of ['none', 'warm-up'] as const) {
      await simulator.resetStats();
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        CHILD,
        simulator.url,
        authorization,
        warm,
      ]);
      const sent = JSON.parse(stdout) as number[];
      const { arrivals } = await simulator.stats();
      delays[warm].push(sent.map((at, i) => (arrivals[i] as number) - at));
    }
  }
  const medians = (runs: number[][]) =>
    [0, 1, 2].map((i) => round(median(runs.map((run) => run[i] as number)), 1));
  return {
    withoutWarmUp: medians(delays.none),
    withWarmUp: medians(delays['warm-up']),
    worstFirstWithWarmUp: round(Math.max(...delays['warm-up'].map((run) => run[0] as number)), 1),
    samples: SAMPLES,
  };
}
