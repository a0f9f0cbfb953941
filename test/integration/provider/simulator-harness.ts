/** Wiring for integration tests of the provider client against the simulator over real HTTP. */
import { buildProviderClient, type ProviderClientDeps } from '../../../lambdas/core/provider/client';
import type { Page, ProviderClient } from '../../../lambdas/core/provider/port';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import type { RateLimiter } from '../../../lambdas/core/rate-limit/port';
import type { Simulator, SimulatorFaults } from '../../../local/simulator';

/**
 * One limiter per simulator, as one account has one budget: clients built with separate limiters
 * each spend the whole budget, and together draw 429s (shared-rate-limit.test.ts shows it).
 */
const limiters = new WeakMap<Simulator, RateLimiter>();
function sharedLimiter(simulator: Simulator): RateLimiter {
  const limiter = limiters.get(simulator) ?? buildInProcessLimiter({ ratePerSecond: 10 });
  limiters.set(simulator, limiter);
  return limiter;
}

/** A client of `simulator` with short backoffs (the simulator answers in microseconds). */
export function clientFor(simulator: Simulator, deps: Partial<ProviderClientDeps> = {}): ProviderClient {
  return buildProviderClient({
    baseUrl: simulator.url,
    credentials: simulator.credentials,
    limiter: sharedLimiter(simulator),
    timeoutMs: 2_000,
    baseDelayMs: 20,
    maxDelayMs: 200,
    creationSettleMs: 100,
    ...deps,
  });
}

/** Every page of a report, in order, up to the first page past the last. */
export async function downloadAll(client: ProviderClient, reportId: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (let number = 1; ; number++) {
    const page = await client.downloadPage(reportId, number);
    if (page.pastLastPage) return pages;
    pages.push(page);
  }
}

/**
 * A fetch that turns `faults` on for the first request matching `method path` only, and back off once
 * that request has ended (answered, timed out or failed): the way to make ONE attempt fail for real.
 */
export function faultOnFirst(
  simulator: Simulator,
  route: string,
  faults: Partial<SimulatorFaults>,
  reset: Partial<SimulatorFaults>,
  /** Runs once that first request has ended, before the client sees its outcome. */
  afterwards: () => Promise<unknown> = async () => undefined,
): { fetch: typeof fetch; matched: () => number } {
  let matched = 0;
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const isRoute = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}` === route;
    if (!isRoute) return fetch(input, init);
    matched++;
    if (matched > 1) return fetch(input, init);
    simulator.setFaults(faults);
    try {
      return await fetch(input, init);
    } finally {
      simulator.setFaults(reset);
      await afterwards();
    }
  };
  return { fetch: wrapped as typeof fetch, matched: () => matched };
}
