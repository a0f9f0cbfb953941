/**
 * The Retry schedules of the state machine's Task states, as data: the definition builds its Retry
 * fields from them, and the stack derives from them how long a generation lease lasts, so the two
 * cannot drift apart (docs/design.md, "Generation retries and the lease"). Free of CDK imports: the
 * stage config (also read by the local CLI) derives the lease from it.
 */
import { TRANSIENT_ERROR } from '../../lambdas/core/workflow/errors';
import { STEP_CATALOG } from '../../lambdas/core/workflow/step-catalog';

/** One Retry field of a Task state, in seconds. */
export interface RetrySchedule {
  readonly errors: readonly string[];
  readonly intervalSeconds: number;
  readonly backoffRate: number;
  readonly maxAttempts: number;
  readonly maxDelaySeconds?: number;
  /** FULL jitter: each delay uniform in [0, its exponential value]. */
  readonly jitter: boolean;
}

/** Lambda's own transient failures (throttling, service errors), retried like the provider's. */
const LAMBDA_TRANSIENT_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'Lambda.ClientExecutionTimeoutException',
];

/** Every Task state: a step's transient failure and Lambda's. */
export const TRANSIENT_RETRY: RetrySchedule = {
  errors: [TRANSIENT_ERROR, ...LAMBDA_TRANSIENT_ERRORS],
  intervalSeconds: 2,
  backoffRate: 2,
  maxAttempts: 5,
  maxDelaySeconds: 60,
  jitter: true,
};

/**
 * The generate steps only: a Lambda that timed out (`Sandbox.Timedout`; `Lambda.Unknown` from older
 * runtimes; `States.Timeout` when the Task's own timeout strikes first) may have left its report at
 * the provider. The retry holds the same lease, gets the persisted snapshot back and adopts that
 * report instead of generating a second one. No jitter: the interval is a floor, so the timed-out
 * invocation is gone and a request it left in flight has had time to land before the retry looks.
 */
export const GENERATION_TIMEOUT_RETRY: RetrySchedule = {
  errors: ['States.Timeout', 'Lambda.Unknown', 'Sandbox.Timedout'],
  intervalSeconds: 10,
  backoffRate: 2,
  maxAttempts: 2,
  jitter: false,
};

/** The generate Lambda's timeout, which is also its Task's timeout (from the step's record). */
export const GENERATE_TIMEOUT_SECONDS = STEP_CATALOG.generateReport.timeoutSeconds;

/** Every Retry of the two generate Task states, in the order the definition adds them. */
export const GENERATE_RETRIES: readonly RetrySchedule[] = [TRANSIENT_RETRY, GENERATION_TIMEOUT_RETRY];

/** Scheduling between attempts and clock skew between the Lambdas that read the lease. */
const LEASE_MARGIN_SECONDS = 60;

/**
 * The longest a Task can take from its first attempt's start to its last attempt's end: every
 * Retry used up (each counts its own attempts), every attempt running to the timeout, every delay
 * at its maximum.
 */
export function worstRetrySeconds(retries: readonly RetrySchedule[], taskTimeoutSeconds: number): number {
  let attempts = 1;
  let delays = 0;
  for (const retry of retries) {
    attempts += retry.maxAttempts;
    for (let n = 0; n < retry.maxAttempts; n++) {
      delays += Math.min(retry.intervalSeconds * retry.backoffRate ** n, retry.maxDelaySeconds ?? Infinity);
    }
  }
  return attempts * taskTimeoutSeconds + delays;
}

/**
 * How long a generation lease lasts: longer than the generate Task's whole retry schedule, so it
 * never expires under a live owner's retry (which would let another generation take it and drop
 * the persisted snapshot). The stack gives it to the Lambdas (`deployedWorkflowConfigOf`).
 */
export function generationLeaseSeconds(): number {
  return Math.ceil(worstRetrySeconds(GENERATE_RETRIES, GENERATE_TIMEOUT_SECONDS) + LEASE_MARGIN_SECONDS);
}
