/** The provider client's typed errors, retries, timeouts and 429 handling, against a fake fetch. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  DeleteNotAllowedError,
  InvalidRequestError,
  MalformedResponseError,
  ProviderHttpError,
  ProviderTimeoutError,
  RateLimitedError,
  ReportNotReadyError,
} from '../../../lambdas/core/provider/errors';
import { BIG_ID, setup } from './harness';

afterEach(() => {
  vi.useRealTimers();
});

describe('errors', () => {
  it.each([
    [400, 'generate', InvalidRequestError],
    [401, 'listReports', AuthenticationError],
    [409, 'downloadPage', ReportNotReadyError],
    [409, 'deleteReport', DeleteNotAllowedError],
    [404, 'downloadPage', ProviderHttpError],
  ] as const)(
    'maps HTTP %s on %s to its typed error, with the mensagem, without retrying',
    async (status, operation, type) => {
      const { client, requests } = setup((request) =>
        request.method === 'GET' && operation === 'generate'
          ? { body: [] }
          : { status, body: { mensagem: 'periodo invalido' } },
      );
      const calls = {
        generate: () => client.generate({ configurationId: 35176, from: '2025-01-01', to: '2025-01-02' }),
        listReports: () => client.listReports(),
        downloadPage: () => client.downloadPage(BIG_ID, 1),
        deleteReport: () => client.deleteReport(BIG_ID),
      };
      const error = await calls[operation]().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ operation, status, retryable: false });
      expect((error as Error).message).toContain('periodo invalido');
      expect(requests.filter((r) => r.method !== 'GET' || operation === 'listReports')).toHaveLength(1);
    },
  );

  it('on 429 honours Retry-After and slows the shared limiter down', async () => {
    const { client, limiter, slept } = setup((_, index) =>
      index === 0
        ? { status: 429, headers: { 'retry-after': '2' }, body: { mensagem: 'limite' } }
        : { body: [] },
    );
    await client.listReports();
    expect(limiter.backOffs).toEqual([2_000]);
    expect(slept).toEqual([2_000]);
  });

  it('on 429 without Retry-After backs off with the limiter default and full jitter', async () => {
    const { client, limiter, slept } = setup((_, index) => (index === 0 ? { status: 429 } : { body: [] }), {
      baseDelayMs: 300,
    });
    await client.listReports();
    expect(limiter.backOffs).toEqual([undefined]);
    expect(slept).toEqual([150]);
  });

  it('gives up after maxAttempts with the last typed error', async () => {
    const { client, requests } = setup(() => ({ status: 429, headers: { 'retry-after': '1' } }), {
      maxAttempts: 3,
    });
    const error = await client.listReports().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 1_000, retryable: true });
    expect(requests).toHaveLength(3);
  });

  it('retries a truncated download page, then succeeds', async () => {
    const { client, requests } = setup((_, index) =>
      index === 0
        ? { body: `{"id":${BIG_ID},"pagina":1,"registros":{"registro":[{"A":` }
        : { body: `{"id":1}` },
    );
    expect(await client.downloadPage(BIG_ID, 1)).toMatchObject({ pastLastPage: true });
    expect(requests).toHaveLength(2);
  });

  it('reports a body of the wrong shape as MalformedResponseError once attempts are spent', async () => {
    const { client, requests, infos } = setup(() => ({ body: { registros: { registro: 'nope' } } }), {
      maxAttempts: 2,
    });
    await expect(client.downloadPage(BIG_ID, 1)).rejects.toBeInstanceOf(MalformedResponseError);
    expect(infos).toEqual(
      [1, 2].map((attempt) => ({
        operation: 'downloadPage',
        attempt,
        status: 200,
        error: 'MalformedResponseError',
      })),
    );
    await expect(
      setup(() => ({ body: [{ id: 1, situacao: 'PRONTO' }] })).client.listReports(),
    ).rejects.toThrow(/malformed response.*situacao/);
    expect(requests).toHaveLength(2);
  });

  it('times out a hanging attempt, retries, and throws ProviderTimeoutError when all attempts hang', async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(() => 'hang', { timeoutMs: 5_000, maxAttempts: 2 });
    const outcome = client.listConfigurations().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toMatchObject({ name: 'ProviderTimeoutError', timeoutMs: 5_000, retryable: true });
  });

  it('times out an answer whose body never ends', async () => {
    vi.useFakeTimers();
    const { client } = setup(() => 'stall-body', { timeoutMs: 1_000, maxAttempts: 1 });
    const outcome = client.listConfigurations().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toBeInstanceOf(ProviderTimeoutError);
  });

  it('turns a refused connection into ProviderNetworkError with the system code', async () => {
    const { client, requests } = setup(() => 'network', { maxAttempts: 2 });
    await expect(client.listWebhooks()).rejects.toMatchObject({
      name: 'ProviderNetworkError',
      code: 'ECONNREFUSED',
      retryable: true,
    });
    expect(requests).toHaveLength(2);
  });

  it('does not retry ReportNotReady: waiting for a report is the workflow’s job', async () => {
    const { client, requests } = setup(() => ({ status: 409 }));
    await expect(client.downloadPage(BIG_ID, 1)).rejects.toBeInstanceOf(ReportNotReadyError);
    expect(requests).toHaveLength(1);
  });

  it('treats a 404 on a DELETE retried after an unknown outcome as done', async () => {
    const { client, requests } = setup((_, index) => (index === 0 ? 'network' : { status: 404 }));
    await client.deleteReport(BIG_ID);
    expect(requests).toHaveLength(2);
    const fresh = setup(() => ({ status: 404 }));
    await expect(fresh.client.deleteReport(BIG_ID)).rejects.toMatchObject({ status: 404 });
  });
});
