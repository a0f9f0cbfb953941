/**
 * Creation that never knowingly makes a duplicate.
 *
 * `POST /retornos/geracao` (and `POST /webhooks`) are not idempotent and the provider offers no
 * idempotency key. When an attempt ends with an unknown outcome (timeout, dropped connection, 5xx,
 * garbled answer) the resource may exist. So: snapshot the existing ids BEFORE the first attempt;
 * after an unknown outcome list again (before the next attempt, once the backoff has given the slow
 * request time to land, and once more when attempts run out) and look at the new ids that fit:
 * - exactly one: it is ours, adopt it;
 * - none: nothing was created, retrying is safe;
 * - several: adopting one would be a guess, so fail with {@link AmbiguousGenerationError}.
 *
 * Limit (documented, not solvable without a provider-side key): a concurrent creation of the same
 * kind by another process in the same account between snapshot and check looks like ours. Callers
 * must serialize creations of the same kind per account: the workflow holds a DynamoDB lease per
 * configuration from the snapshot until the new id is recorded (`workflow/provider-report/generation-lease.ts`).
 */
import { AmbiguousGenerationError, isUnknownOutcome, ProviderError } from './errors';
import { type RetryPolicy, retrying } from './retry';

export interface CreateOnceSteps<T> {
  readonly operation: string;
  /** Ids that exist before the first attempt. */
  snapshot(): Promise<ReadonlySet<string>>;
  /**
   * The creation continues one whose earlier attempts (in a process that died, or a retried step) may
   * have landed: look for a new match before the first attempt of this call, as after an unknown outcome.
   */
  readonly resuming?: boolean;
  /** Ids that are not in `before` and match the request being created. */
  newMatches(before: ReadonlySet<string>): Promise<string[]>;
  /** One creation attempt (limiter slot and one HTTP request). */
  attempt(attemptNumber: number): Promise<T>;
  /** The result to return when an existing id is adopted. */
  adopt(id: string): T;
}

/**
 * @param settleMs extra wait after an unknown outcome before looking, so that a request the provider
 *   is still processing has landed (a full-jitter backoff alone may be close to zero).
 */
export async function createOnce<T>(
  policy: RetryPolicy,
  settleMs: number,
  steps: CreateOnceSteps<T>,
): Promise<T> {
  const before = await steps.snapshot();
  /** Sticky: a request with an unknown outcome may still land later, so every later attempt looks first. */
  let unsure = steps.resuming === true;
  let lastUnknown = false;

  /** The resource an unknown-outcome attempt created, if exactly one; throws when several exist. */
  async function created(): Promise<{ value: T } | undefined> {
    if (lastUnknown) await policy.sleep(settleMs);
    lastUnknown = false;
    const matches = await steps.newMatches(before);
    const [only] = matches;
    if (matches.length === 1 && only !== undefined) return { value: steps.adopt(only) };
    if (matches.length > 1) {
      throw new AmbiguousGenerationError(
        steps.operation,
        matches,
        'outcome of a creation attempt unknown and several new matching resources exist',
      );
    }
    return undefined;
  }

  try {
    return await retrying(
      policy,
      async (attemptNumber) => {
        // Looking right before the next attempt (after the backoff) gives a slow request time to land.
        const found = unsure ? await created() : undefined;
        if (found) return found.value;
        try {
          return await steps.attempt(attemptNumber);
        } catch (error) {
          lastUnknown = isUnknownOutcome(error);
          unsure ||= lastUnknown;
          throw error;
        }
      },
      isRetryableError,
    );
  } catch (error) {
    if (!unsure || error instanceof AmbiguousGenerationError) throw error;
    const found = await created();
    if (found) return found.value;
    throw error;
  }
}

/** The client's retry predicate: typed errors that say trying again may help. */
export function isRetryableError(error: unknown): boolean {
  return error instanceof ProviderError && error.retryable;
}
