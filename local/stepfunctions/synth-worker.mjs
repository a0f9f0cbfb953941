// The worker thread of `synthesizeOffThread` (synthesize.ts): plain JavaScript, so that it starts the
// same under the CLI (tsx in the main thread), vitest and plain node; tsx is registered here because
// a worker does not inherit the loader of the thread that started it.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { synthesizeWorkflowDefinition } = await import('./definition.ts');
parentPort?.postMessage(synthesizeWorkflowDefinition(workerData));
