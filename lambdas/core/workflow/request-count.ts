/**
 * Counts provider requests per step call. The provider client is built once per process and shared
 * by concurrent step calls (several Map iterations in the local runner, concurrent pages in one
 * Lambda), so a global counter would mix them; AsyncLocalStorage gives each call its own tally.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestCounter {
  /** Pass as the provider client's `onRequest`: counts one request for the step call in progress. */
  readonly onRequest: () => void;
  /** Runs `work` and returns its result with the requests it sent (retries included). */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }>;
}

export function createRequestCounter(): RequestCounter {
  const storage = new AsyncLocalStorage<{ count: number }>();
  return {
    onRequest() {
      const tally = storage.getStore();
      if (tally) tally.count += 1;
    },
    async measure(work) {
      const tally = { count: 0 };
      const result = await storage.run(tally, work);
      return { result, requests: tally.count };
    },
  };
}
