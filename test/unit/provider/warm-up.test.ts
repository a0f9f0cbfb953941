import { describe, expect, it } from 'vitest';
import { warmHttpStack } from '../../../lambdas/core/provider/warm-up';

describe('warmHttpStack', () => {
  it("loads Node's own fetch with a data: URL, which reaches no server", async () => {
    const asked: string[] = [];
    await warmHttpStack(async (input) => {
      asked.push(String(input));
      return fetch(input);
    });
    expect(asked).toEqual(['data:,']);
  });

  it('never fails its caller: a broken warm-up only costs the first request its speed', async () => {
    await expect(
      warmHttpStack(async () => {
        throw new TypeError('fetch failed');
      }),
    ).resolves.toBeUndefined();
  });
});
