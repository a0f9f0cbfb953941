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
import { Worker } from 'node:worker_threads';
import type { FrontOptions, FrontStats } from './front-worker';
import type { SimulatorCredentials, SimulatorFaults, SimulatorOptions, SimulatorStats } from './types';

export interface SimulatorThread {
  readonly url: string;
  readonly credentials: SimulatorCredentials;
  stats(): Promise<SimulatorStats & FrontStats>;
  resetStats(): Promise<void>;
  setFaults(partial: Partial<SimulatorFaults>): Promise<void>;
  close(): Promise<void>;
}

type Reply = { id: number; value?: unknown; error?: string };

/** A worker whose first message is its ready value, then answers `{id, method, args}` calls. */
async function startWorker<Ready>(entry: string, workerData: unknown) {
  const worker = new Worker(new URL(entry, import.meta.url), { workerData });
  const ready = await new Promise<Ready>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  worker.on('message', ({ id, value, error }: Reply) => {
    const call = pending.get(id);
    pending.delete(id);
    if (error === undefined) call?.resolve(value);
    else call?.reject(new Error(error));
  });
  const call = <T>(method: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, args });
    });
  return {
    ready,
    call,
    async close() {
      await call<void>('close');
      await worker.terminate();
    },
  };
}

export async function startSimulatorThread(options: SimulatorOptions): Promise<SimulatorThread> {
  // The front door enforces the rate; behind it the simulator must not count again, later.
  const simulator = await startWorker<{ url: string; credentials: SimulatorCredentials }>(
    './thread-worker.mjs',
    { ...options, ratePerSecond: Number.POSITIVE_INFINITY },
  );
  const frontOptions: FrontOptions = {
    target: simulator.ready.url,
    ratePerSecond: options.ratePerSecond ?? 10,
  };
  const front = await startWorker<{ url: string }>('./front-worker.mjs', frontOptions);
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
