/**
 * `Retry-After` is obeyed but bounded: a 429 from the simulator, its header rewritten on the way
 * back to what a misbehaving provider or proxy might send, must not park the client (nor, through
 * `backOff`, every caller of the limiter) for longer than the cap.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../lambdas/core/provider/errors';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import { type Simulator, startSimulator } from '../../../local/simulator';
import { clientFor } from './simulator-harness';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ mode: 'sandbox' });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(() => {
  simulator.setFaults({ rateLimitBurst: 0, retryAfterHeader: true });
  simulator.resetStats();
});

/** A fetch that replaces the `Retry-After` of every 429 the simulator sends by `value`. */
function retryAfterRewrittenTo(value: (nowMs: number) => string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (response.status !== 429) return response;
    const headers = new Headers(response.headers);
    headers.set('retry-after', value(Date.now()));
    return new Response(await response.text(), { status: 429, headers });
  }) as typeof fetch;
}

/** A client whose waits (retry sleeps and limiter pacing) are recorded and skipped, not slept. */
function recordingClient(rewritingFetch: typeof fetch, maxRetryAfterMs?: number, maxAttempts = 3) {
  const waits = { retry: [] as number[], limiter: [] as number[] };
  let skipped = 0;
  const now = () => Date.now() + skipped;
  const limiter = buildInProcessLimiter({
    ratePerSecond: 10,
    now,
    sleep: async (ms) => {
      waits.limiter.push(ms);
      skipped += ms;
    },
  });
  const client = clientFor(simulator, {
    fetch: rewritingFetch,
    limiter,
    maxAttempts,
    maxRetryAfterMs,
    now,
    sleep: async (ms) => {
      waits.retry.push(ms);
      skipped += ms;
    },
  });
  return { client, waits };
}

describe('Retry-After is capped', () => {
  it('waits 60 s, not a day, after Retry-After: 86400, and so does every caller of the limiter', async () => {
    simulator.setFaults({ rateLimitBurst: 1 });
    const { client, waits } = recordingClient(retryAfterRewrittenTo(() => '86400'));
    expect(await client.listConfigurations()).toHaveLength(2);
    expect(simulator.stats().rateLimited).toBe(1);
    expect(waits.retry).toEqual([60_000]);
    expect(Math.max(...waits.limiter)).toBeLessThanOrEqual(60_000);
  });

  it('caps an HTTP-date Retry-After a day ahead the same way', async () => {
    simulator.setFaults({ rateLimitBurst: 1 });
    const { client, waits } = recordingClient(
      retryAfterRewrittenTo((now) => new Date(now + 86_400_000).toUTCString()),
    );
    await client.listConfigurations();
    expect(waits.retry).toEqual([60_000]);
  });

  it('uses a configured cap, and reports the capped value when the attempts run out', async () => {
    simulator.setFaults({ rateLimitBurst: 2 });
    const { client, waits } = recordingClient(
      retryAfterRewrittenTo(() => '86400'),
      5_000,
      2,
    );
    const error = await client.listConfigurations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 5_000 });
    expect(waits.retry).toEqual([5_000]);
  });
});
