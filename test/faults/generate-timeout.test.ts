/**
 * Fault matrix, a generate Lambda that times out after its report landed at the provider: the POST
 * answered, then the Lambda was killed before it recorded the id. The state machine must retry the
 * step, and the retry (same lease holder) must get the persisted snapshot back and adopt that report:
 * one report per job, none orphaned at the provider, none generated twice, and exact receivables.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../lambdas/core/config';
import type { ProviderClient } from '../../lambdas/core/provider/port';
import { buildInProcessLimiter } from '../../lambdas/core/rate-limit/in-process';
import { buildWorkflowSteps } from '../../lambdas/core/workflow/build-steps';
import { parseWorkflowConfig } from '../../lambdas/core/workflow/config';
import { buildWorkflowDeps } from '../../lambdas/runtime/workflow-wiring';
import { STATE } from '../../lib/workflow/state-names';
import type { LocalWorld } from '../../local/simulated-world';
import { asOfOf, jobsOf, startFaultWorld } from './harness';

const WEEK = { from: '2025-01-06', to: '2025-01-12' } as const;

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/**
 * The generate step as a Lambda killed right after its POST answered: the real step on the world's
 * stores and simulator, whose provider never returns from a generation that landed. Resolves with
 * the landed report's id.
 */
function killedAfterLanding(w: LocalWorld) {
  const deps = buildWorkflowDeps({
    ddb: w.dynamo.documentClient,
    tableName: w.dynamo.tableName,
    s3: w.s3.client,
    bucket: w.s3.bucket,
    baseUrl: w.simulator.url,
    credentials: w.simulator.credentials,
    limiter: buildInProcessLimiter({ ratePerSecond: 1_000 }),
    reconConfig: parseReconConfig({}),
    workflowConfig: parseWorkflowConfig({ environment: 'production' }),
    sendTaskSuccess: w.taskTokens.sendTaskSuccess,
    publish: async () => {},
    provider: { baseDelayMs: 5, maxDelayMs: 50 },
  });
  return (input: unknown) =>
    new Promise<string>((landed) => {
      const provider: ProviderClient = {
        ...deps.provider,
        generate: async (request) => {
          const { reportId } = await deps.provider.generate(request);
          landed(reportId);
          return new Promise(() => {}); // killed: never records the id, never releases the lease
        },
      };
      void buildWorkflowSteps({ ...deps, provider }).generateReport(input);
    });
}

describe('fault injection: a generate Lambda timing out after its report landed', () => {
  it.each(['Sandbox.Timedout', 'Lambda.Unknown', 'States.Timeout'])(
    '%s: the retry adopts the landed report, one report per job, exact',
    async (errorName) => {
      world = await startFaultWorld();
      const killed = killedAfterLanding(world);
      const steps = world.steps;
      let landedId: string | undefined;
      let first = true;
      const generateReport = async (input: unknown) => {
        if (!first) return steps.generateReport(input);
        first = false;
        landedId = await killed(input);
        throw Object.assign(new Error('Task timed out after 60.00 seconds'), { name: errorName });
      };

      const result = await world.run(WEEK, { steps: { ...world.steps, generateReport } });

      expect(result.status).toBe('SUCCEEDED');
      expect(result.retries[STATE.generateReport]).toBe(1);
      const jobs = jobsOf(result);
      expect(jobs.map((job) => job.outcome)).toEqual(['COMPLETED', 'COMPLETED']);
      expect(jobs.map((job) => job.reportId)).toContain(landedId);
      // Adopted, not generated twice: one report per job, and both deleted once completed.
      const stats = world.simulator.stats();
      expect(stats.reportsGenerated).toBe(2);
      expect(stats.byRoute['DELETE /retornos/:id']).toBe(2);
      const asOf = asOfOf(result);
      const receivables = await world.receivables(asOf);
      expect(receivables.length).toBeGreaterThan(0);
      expect(receivables).toEqual(world.expected({ ...WEEK, asOf }));
    },
  );
});
