/** The simulator in a worker thread (see `thread.ts`): answers the calls the main thread posts. */
import { parentPort, workerData } from 'node:worker_threads';
import { startSimulator } from './server';
import type { Simulator, SimulatorOptions } from './types';

type Call = { id: number; method: 'stats' | 'resetStats' | 'setFaults' | 'close'; args: unknown[] };

const port = parentPort;
if (!port) throw new Error('thread-worker.ts runs in a worker thread');
const simulator: Simulator = await startSimulator(workerData as SimulatorOptions);
port.on('message', async ({ id, method, args }: Call) => {
  try {
    const value = await (simulator[method] as (...a: unknown[]) => unknown)(...args);
    port.postMessage({ id, value });
    if (method === 'close') port.close();
  } catch (error) {
    port.postMessage({ id, error: String(error) });
  }
});
port.postMessage({ url: simulator.url, credentials: simulator.credentials });
