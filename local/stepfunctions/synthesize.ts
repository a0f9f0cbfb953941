/**
 * CDK synthesis off the main thread, for `recon run`. A synth is seconds of synchronous work: on the
 * main thread it holds back every signal handler, so a Ctrl-C pressed meanwhile was answered only
 * when the synth ended (and under a launcher that kills a child not answering within milliseconds,
 * tsx's CLI, not at all: the run died with its lock and webhook registration left behind). In a
 * worker the main thread stays free to clean up at once; an interrupt terminates the worker.
 */
import { Worker } from 'node:worker_threads';
import type { StageConfigInput } from '../../lib/config';
import type { WorkflowDefinition } from './definition';
import { cachedDefinition } from './definition-cache';

const WORKER = new URL('./synth-worker.mjs', import.meta.url);

/** Per stage, like the in-thread synth: a process that runs twice synthesizes once. */
const cache = new Map<string, WorkflowDefinition>();

function synthesizeInWorker(stage: StageConfigInput): {
  definition: Promise<WorkflowDefinition>;
  stop(): void;
} {
  const worker = new Worker(WORKER, { workerData: stage });
  const definition = new Promise<WorkflowDefinition>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the synthesis worker exited (${code}) without a definition`)),
    );
  });
  return { definition, stop: () => void worker.terminate() };
}

/**
 * The state machine definition for `stage` (see `synthesizeWorkflowDefinition`), synthesized in a
 * worker thread; `signal` (Ctrl-C) stops the worker at once, which ends the wait with an error (the
 * CLI reports any error after Ctrl-C as the interruption it is). A definition synthesized by an
 * earlier process for the same code and stage is read from disk instead (definition-cache.ts).
 */
export async function synthesizeOffThread(
  stage: StageConfigInput,
  signal?: AbortSignal,
): Promise<WorkflowDefinition> {
  const key = JSON.stringify(stage);
  const cached = cache.get(key);
  if (cached) return cached;
  signal?.throwIfAborted();
  const definition = await cachedDefinition(stage, async () => {
    const synth = synthesizeInWorker(stage);
    signal?.addEventListener('abort', synth.stop, { once: true });
    try {
      return await synth.definition;
    } finally {
      signal?.removeEventListener('abort', synth.stop);
      synth.stop();
    }
  });
  cache.set(key, definition);
  return definition;
}
