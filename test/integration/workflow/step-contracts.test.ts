/**
 * The local executor holds every Task state's step to its contract, as the Lambda wrapper does: a
 * step answering outside its output schema fails its state, whatever function was bound to it.
 */
import '../../../local/polyfills';
import { describe, expect, it } from 'vitest';
import {
  createLocalTaskTokens,
  runWorkflowLocally,
  synthesizeWorkflowDefinition,
} from '../../../local/stepfunctions';
import { fakeSteps, type JobScript } from './fake-steps';

const STAGE = { environment: 'production', baseUrl: 'https://provider.example/api' } as const;
const SCRIPT: JobScript = {
  job: { kind: 'sales', configurationId: 1, from: '2025-01-01', to: '2025-01-28' },
  generations: [{ pending: 0, last: 'CONCLUIDO' }],
  batches: 1,
};

async function runWith(steps: ReturnType<typeof fakeSteps>) {
  return runWorkflowLocally({
    definition: synthesizeWorkflowDefinition(STAGE),
    steps,
    taskTokens: createLocalTaskTokens(),
    pollWaitMs: 0,
  });
}

describe('the local executor binds steps through their contracts', () => {
  it('runs steps that answer within their contracts', async () => {
    expect((await runWith(fakeSteps([SCRIPT]))).status).toBe('SUCCEEDED');
  });

  it('fails the execution on a step answer outside its output schema', async () => {
    const steps = { ...fakeSteps([SCRIPT]), ageReceivables: async () => JSON.parse('{"aged":0}') };
    const result = await runWith(steps);
    expect(result.status).toBe('FAILED');
    expect(result.error?.name).toBe('StepOutputError');
    expect(result.error?.cause).toMatch(/^step ageReceivables answered outside its contract/);
  });

  it('ends the job through its failure path when a step of the job answers outside its schema', async () => {
    const fakes = fakeSteps([SCRIPT]);
    const failures: unknown[] = [];
    const steps = {
      ...fakes,
      // A report without its deadline: refused before the state machine sees it.
      checkReport: async (input: Parameters<typeof fakes.checkReport>[0]) => {
        const { deadline: _dropped, ...report } = await fakes.checkReport(input);
        return JSON.parse(JSON.stringify(report));
      },
      finishJob: async (input: Parameters<typeof fakes.finishJob>[0]) => {
        failures.push(input.failure);
        return fakes.finishJob(input);
      },
    };
    await runWith(steps);
    expect(failures).toEqual([
      expect.objectContaining({
        Error: 'StepOutputError',
        Cause: expect.stringMatching(/^step checkReport/),
      }),
    ]);
  });
});
