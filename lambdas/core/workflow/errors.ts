/**
 * Error names the state machine branches on. Step Functions matches a Lambda failure by its error
 * name (`errorType`), and the local executor matches by `error.name` too, so every step failure that
 * trying again may fix is surfaced under ONE name, {@link TRANSIENT_ERROR}, which the definition
 * retries with backoff. Everything else keeps its own name and ends the job as FAILED.
 */
import { ProviderError } from '../provider/errors';

/** The single error name the definition retries (besides Lambda's own transient errors). */
export const TRANSIENT_ERROR = 'Recon.Transient';

export class TransientStepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = TRANSIENT_ERROR;
  }
}

/** A configured configuration name the provider does not list (production). */
export class ConfigurationNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationNotFoundError';
  }
}

/** The provider no longer knows a report this run generated. */
export class ReportVanishedError extends Error {
  constructor(reportId: string) {
    super(`report ${reportId} is no longer listed by the provider`);
    this.name = 'ReportVanishedError';
  }
}

/** An execution asked for a longer period than the stage lets one execution run (history limit). */
export class PeriodTooLongError extends Error {
  constructor(from: string, to: string, days: number, maxDays: number) {
    super(
      `the period ${from}..${to} is ${days} days; one execution of this stage runs at most ${maxDays} ` +
        '(Step Functions history limit): start one per window with `recon backfill`',
    );
    this.name = 'PeriodTooLongError';
  }
}

/** A sandbox report that never produced an empty page within the configured bound. */
export class TooManyPagesError extends Error {
  constructor(reportId: string, maxPages: number) {
    super(`report ${reportId} still had records after ${maxPages} pages`);
    this.name = 'TooManyPagesError';
  }
}

/**
 * Socket failures the SDK gives up on after its own attempts. Seen locally when every pooled
 * keep-alive socket to dynalite/s3rver was closed by the server at once (each retry picks another
 * stale socket); the next step attempt opens fresh ones.
 */
const NETWORK_ERROR_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED']);

/** AWS SDK failures that a later attempt may not hit (throttling, timeouts, 5xx, dropped sockets). */
function isTransientAwsError(error: Error): boolean {
  const meta = error as { $retryable?: unknown; $metadata?: { httpStatusCode?: number }; code?: unknown };
  return (
    meta.$retryable !== undefined ||
    (meta.$metadata?.httpStatusCode ?? 0) >= 500 ||
    error.name === 'TimeoutError' ||
    (typeof meta.code === 'string' && NETWORK_ERROR_CODES.has(meta.code))
  );
}

/** Re-labels retryable failures as {@link TRANSIENT_ERROR}; other errors pass through unchanged. */
export function surfaceTransient(error: unknown): unknown {
  if (!(error instanceof Error) || error.name === TRANSIENT_ERROR) return error;
  const retryable = error instanceof ProviderError ? error.retryable : isTransientAwsError(error);
  return retryable ? new TransientStepError(`${error.name}: ${error.message}`) : error;
}
