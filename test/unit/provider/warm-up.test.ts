import { describe, expect, it } from 'vitest';
import { warmHttpStack } from '../../../lambdas/core/provider/warm-up';
import { setup } from './harness';

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

  it('runs in the provider client once, before its first slot, never between a slot and its request', async () => {
    const events: string[] = [];
    const { client, limiter } = setup(
      () => {
        events.push('request');
        return { body: [{ id: 35177, nome: 'Financeiro' }] };
      },
      {
        warmUp: async () => {
          events.push('warm-up');
        },
      },
    );
    const acquire = limiter.acquire;
    limiter.acquire = async () => {
      events.push('slot');
      await acquire();
    };
    await Promise.all([client.listConfigurations(), client.listConfigurations()]);
    await client.listConfigurations();
    expect(events).toEqual(['warm-up', 'slot', 'slot', 'request', 'request', 'slot', 'request']);
  });
});
