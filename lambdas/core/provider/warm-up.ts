/**
 * Node loads its HTTP client (fetch) lazily: a process's first request spends that loading between
 * the rate limiter's check and the socket, and reaches the provider later than the requests after
 * it, which bunches it with them as the provider counts (docs/rate-limit.md). Fetching a `data:` URL
 * loads the same stack without a request to anybody, so the first paced request leaves as fast as
 * the others (the figures: `download.coldSend` of `npm run bench`, docs/rate-limit.md).
 * A new connection's own set-up (TCP, TLS) is not covered: see `coldStartMs` in pacing.ts.
 */
export async function warmHttpStack(fetchFn: typeof fetch = fetch): Promise<void> {
  try {
    await (await fetchFn('data:,')).arrayBuffer();
  } catch {
    // A warm-up that fails costs the first request its speed, never its correctness: it has a slot.
  }
}
