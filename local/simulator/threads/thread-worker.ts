/** The simulator in a worker thread (see `thread.ts`): answers the calls the main thread posts. */
import { parentPort, workerData } from 'node:worker_threads';
import { answerCalls } from '../../worker-rpc';
import { startSimulator } from '../http/server';
import type { Simulator, SimulatorOptions } from '../types';

const port = parentPort;
if (!port) throw new Error('thread-worker.ts runs in a worker thread');
const simulator: Simulator = await startSimulator(workerData as SimulatorOptions);
answerCalls(port, simulator);
port.postMessage({ url: simulator.url, credentials: simulator.credentials });
