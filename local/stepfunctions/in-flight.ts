/**
 * Step calls still running when an execution ends early. Aborting the local execution (Ctrl-C) makes
 * its result reject at once, while the Task handlers it had started keep writing to DynamoDB and S3;
 * closing the stores under them crashed the run with dynalite's "Database is closed" and left the
 * lock behind. `runWorkflowLocally` waits for these calls to settle before it returns (a failed Map
 * iteration leaves its sibling batches running the same way).
 */
type Step = (input: never) => Promise<unknown>;

export interface TrackedSteps<T> {
  readonly steps: T;
  /** Resolves when every call started so far has settled (their outcome no longer matters). */
  settled(): Promise<void>;
}

export function trackInFlight<T extends Record<string, Step>>(steps: T): TrackedSteps<T> {
  const running = new Set<Promise<unknown>>();
  const tracked = Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [
      name,
      (input: never) => {
        const call = step(input);
        running.add(call);
        const forget = () => running.delete(call);
        call.then(forget, forget);
        return call;
      },
    ]),
  ) as T;
  return {
    steps: tracked,
    settled: async () => {
      await Promise.allSettled([...running]);
    },
  };
}
