/**
 * Maps over items with at most `limit` calls in flight, keeping the input order in the output. Used to
 * download and ingest a batch's pages side by side: the shared rate limiter, not this limit, decides
 * how fast requests reach the provider; this only bounds memory and open sockets.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(limit, 1), items.length) }, worker));
  return results;
}
