/**
 * The generate Task states against the lease they run with, read from the synthesized template: a
 * timed-out generate Lambda is retried (its report may have landed at the provider), and the lease
 * outlasts the Task's whole retry schedule, so a live owner's retry never loses it (and with it
 * the persisted snapshot). Lengthening a Retry or a timeout without the lease following fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWorkflowConfig, WORKFLOW_ENV } from '../../lambdas/core/workflow/config';
import { STEP_CATALOG } from '../../lambdas/core/workflow/step-catalog';
import { worstRetrySeconds } from '../../lib/workflow/retry-schedule';
import { STATE } from '../../lib/workflow/state-names';
import { type AslRetry, scheduleOfAsl } from '../support/asl-retry';
import { jobStates, ofType, PRODUCTION, type Resources, synth } from './stack-synth';

const GENERATE_STATES = [STATE.generateReport, STATE.generateReportAgain];
const TIMEOUT_ERRORS = ['States.Timeout', 'Lambda.Unknown', 'Sandbox.Timedout'];

describe('generate Task retries and the generation lease', () => {
  let job: ReturnType<typeof jobStates>['job'];
  let resources: Resources;
  beforeAll(() => {
    const synthesized = synth(PRODUCTION);
    resources = synthesized.resources;
    job = jobStates(synthesized.template).job;
  });

  const generateFunction = () => {
    const found = ofType(resources, 'AWS::Lambda::Function').find(([, f]) =>
      String(f.Properties.Description).includes(STEP_CATALOG.generateReport.purpose),
    );
    if (!found) throw new Error('no generate function in the template');
    return found[1].Properties;
  };

  it.each(GENERATE_STATES)('"%s" retries a timed-out Lambda', (name) => {
    const retried = (job[name]?.Retry ?? []).flatMap((retry) => retry.ErrorEquals);
    expect(retried).toEqual(expect.arrayContaining(TIMEOUT_ERRORS));
  });

  it.each(GENERATE_STATES)('"%s": the lease outlasts every retry of the Task', (name) => {
    const state = job[name];
    const retries = (state?.Retry ?? []) as unknown as AslRetry[];
    const fn = generateFunction();
    // The Lambda cannot outrun its Task: the Task's timeout bounds each attempt.
    expect(fn.Timeout).toBeLessThanOrEqual(state?.TimeoutSeconds as number);
    const worst = worstRetrySeconds(retries.map(scheduleOfAsl), state?.TimeoutSeconds as number);
    const config = parseWorkflowConfig(JSON.parse(fn.Environment.Variables[WORKFLOW_ENV.workflowConfig]));
    expect(config.generationLeaseSeconds).toBeGreaterThan(worst);
  });
});

describe('worstRetrySeconds', () => {
  it('adds every attempt at its timeout and every delay at its maximum, per Retry', () => {
    const transient = { errors: ['A'], intervalSeconds: 2, backoffRate: 2, maxAttempts: 5, jitter: true };
    // Delays 2, 4, 8, 16, 32 (the last capped at 20): 50; 6 attempts of 60 s: 360.
    expect(worstRetrySeconds([{ ...transient, maxDelaySeconds: 20 }], 60)).toBe(410);
    // A second Retry adds its own attempts and delays (10, 20).
    const timeouts = { errors: ['B'], intervalSeconds: 10, backoffRate: 2, maxAttempts: 2, jitter: false };
    expect(worstRetrySeconds([{ ...transient, maxDelaySeconds: 20 }, timeouts], 60)).toBe(410 + 120 + 30);
    expect(worstRetrySeconds([], 60)).toBe(60);
  });

  it('reads a synthesized Retry with the States language defaults', () => {
    expect(scheduleOfAsl({ ErrorEquals: ['X'] })).toEqual({
      errors: ['X'],
      intervalSeconds: 1,
      backoffRate: 2,
      maxAttempts: 3,
      jitter: false,
    });
  });
});
