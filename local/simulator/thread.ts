/**
 * The simulator on its own event loop (a worker thread), as a provider is on its own machine: the
 * arrivals it stamps are not delayed by whatever work blocks the caller's event loop (parsing a
 * 1,000-record page takes tens of milliseconds), which would bunch them as no real provider sees them.
 * Used where the provider's count is the measure (`bench/download.ts`).
 */
import { Worker } from 'node:worker_threads';
import type { SimulatorCredentials, SimulatorFaults, SimulatorOptions, SimulatorStats } from './types';

export interface SimulatorThread {
  readonly url: string;
  readonly credentials: SimulatorCredentials;
  stats(): Promise<SimulatorStats>;
  resetStats(): Promise<void>;
  setFaults(partial: Partial<SimulatorFaults>): Promise<void>;
  close(): Promise<void>;
}

type Reply = { id: number; value?: unknown; error?: string };

export async function startSimulatorThread(options: SimulatorOptions): Promise<SimulatorThread> {
  const worker = new Worker(new URL('./thread-worker.mjs', import.meta.url), { workerData: options });
  const { url, credentials } = await new Promise<{ url: string; credentials: SimulatorCredentials }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
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
    url,
    credentials,
    stats: () => call<SimulatorStats>('stats'),
    resetStats: () => call<void>('resetStats'),
    setFaults: (partial) => call<void>('setFaults', partial),
    async close() {
      await call<void>('close');
      await worker.terminate();
    },
  };
}
