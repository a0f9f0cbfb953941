/** A synthesized template's Retry read back as a schedule, to check it against the lease it runs with. */
import type { RetrySchedule } from '../../lib/workflow/retry-schedule';

/** An ASL Retry field as synthesized (defaults of the States language where a field is absent). */
export interface AslRetry {
  readonly ErrorEquals: readonly string[];
  readonly IntervalSeconds?: number;
  readonly BackoffRate?: number;
  readonly MaxAttempts?: number;
  readonly MaxDelaySeconds?: number;
  readonly JitterStrategy?: string;
}

export function scheduleOfAsl(retry: AslRetry): RetrySchedule {
  return {
    errors: retry.ErrorEquals,
    intervalSeconds: retry.IntervalSeconds ?? 1,
    backoffRate: retry.BackoffRate ?? 2,
    maxAttempts: retry.MaxAttempts ?? 3,
    ...(retry.MaxDelaySeconds === undefined ? {} : { maxDelaySeconds: retry.MaxDelaySeconds }),
    jitter: retry.JitterStrategy === 'FULL',
  };
}
