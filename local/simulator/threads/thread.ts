/**
 * The simulator as a provider runs, apart from its caller: on its own event loop (a worker thread),
 * behind a front door on another one that stamps, counts and limits arrivals (`front-worker.ts`).
 * - Own thread: the arrivals are not delayed by whatever blocks the caller's event loop (parsing a
 *   1,000-record page), which would bunch them as no real provider sees them.
 * - Front door: nor by the simulator rendering another request's 1,000-record page (11 to 60 ms on
 *   2 loaded cores): a provider counts requests at its gateway, not behind its page rendering.
 * Used where the provider's count is the measure (`bench/download.ts`). The front door's 429 has no
 * fault injection (bursts, a missing Retry-After): the faults apply behind it, rate limiting aside.
 */
import { startWorker } from '../../worker-rpc';
import type { SimulatorCredentials, SimulatorFaults, SimulatorOptions, SimulatorStats } from '../types';
import type { FrontOptions, FrontStats } from './front-worker';

export interface SimulatorThread {
  readonly url: string;
  readonly credentials: SimulatorCredentials;
  stats(): Promise<SimulatorStats & FrontStats>;
  resetStats(): Promise<void>;
  setFaults(partial: Partial<SimulatorFaults>): Promise<void>;
  close(): Promise<void>;
}

export async function startSimulatorThread(options: SimulatorOptions): Promise<SimulatorThread> {
  // The front door enforces the rate; behind it the simulator must not count again, later.
  const simulator = await startWorker<{ url: string; credentials: SimulatorCredentials }>(
    new URL('./thread-worker.mjs', import.meta.url),
    { ...options, ratePerSecond: Number.POSITIVE_INFINITY },
  );
  const frontOptions: FrontOptions = {
    target: simulator.ready.url,
    ratePerSecond: options.ratePerSecond ?? 10,
  };
  const front = await startWorker<{ url: string }>(
    new URL('./front-worker.mjs', import.meta.url),
    frontOptions,
  );
  return {
    url: front.ready.url,
    credentials: simulator.ready.credentials,
    async stats() {
      const [behind, door] = await Promise.all([
        simulator.call<SimulatorStats>('stats'),
        front.call<FrontStats>('stats'),
      ]);
      return { ...behind, ...door };
    },
    async resetStats() {
      await Promise.all([simulator.call<void>('resetStats'), front.call<void>('resetStats')]);
    },
    setFaults: (partial) => simulator.call<void>('setFaults', partial),
    async close() {
      await front.close();
      await simulator.close();
    },
  };
}
