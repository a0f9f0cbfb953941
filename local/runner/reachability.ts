/**
 * A provider address that does not answer should fail the run in seconds, naming the address. The
 * provider client retries network errors with backoff (right for a provider that blips, 20 s and
 * more of silence for a mistyped port), so a local run asks once, up front, whether anything answers
 * at all. Any HTTP answer counts, even 401 or 404: only the connection is checked here.
 */
import { RunFailedError } from '../cli/errors';

const PROBE_TIMEOUT_MS = 5_000;

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${PROBE_TIMEOUT_MS / 1000} s`;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND') return 'host not found';
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

export async function assertReachable(baseUrl: string, signal?: AbortSignal): Promise<void> {
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(baseUrl, {
      method: 'GET',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    await response.body?.cancel();
  } catch (error) {
    signal?.throwIfAborted();
    throw new RunFailedError(`cannot reach the provider at ${baseUrl}: ${reason(error)}.`);
  }
}
