/**
 * Calls into a worker thread, for the local stand-ins that need an event loop of their own (the
 * simulator, the benchmark's download "Lambdas"). The worker posts its ready value first, then
 * answers each `{id, method, args}` message with `{id, value}` or `{id, error}`.
 */
import { type MessagePort, Worker } from 'node:worker_threads';

type Reply = { id: number; value?: unknown; error?: string };
type Call = { id: number; method: string; args: unknown[] };

/** Starts the worker at `entry` and waits for its ready value. */
export async function startWorker<Ready>(entry: URL, workerData: unknown) {
  const worker = new Worker(entry, { workerData });
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

/** The worker's side: answers each call with `target[method](...args)`; `close` also closes the port. */
export function answerCalls(port: MessagePort, target: object): void {
  port.on('message', async ({ id, method, args }: Call) => {
    try {
      const fn = (target as Record<string, unknown>)[method];
      if (typeof fn !== 'function') throw new Error(`no method '${method}' in this worker`);
      const value = await fn.apply(target, args);
      port.postMessage({ id, value });
      if (method === 'close') port.close();
    } catch (error) {
      port.postMessage({ id, error: String(error) });
    }
  });
}
