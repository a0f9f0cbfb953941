import { describe, expect, it } from 'vitest';
import { bindContract, StepOutputError } from '../../../lambdas/core/workflow/build-steps';
import { STEP_CONTRACTS } from '../../../lambdas/core/workflow/contracts';
import { STEP_NAMES } from '../../../lambdas/core/workflow/step-catalog';
import { fieldsFor } from '../../../lib/workflow/json-path';
import { jobPath, jobStateSchema, runPath } from '../../../lib/workflow/machine-state';

describe('step contracts', () => {
  it('give every step of the catalog an input and an output schema', () => {
    expect(Object.keys(STEP_CONTRACTS).sort()).toEqual([...STEP_NAMES].sort());
  });

  it('refuse a step answer outside its output schema, naming the step', async () => {
    const aging = bindContract('ageReceivables', async () => ({ becameOverdue: -1 }));
    await expect(aging({ asOf: '2025-02-01' })).rejects.toThrow(StepOutputError);
    await expect(aging({ asOf: '2025-02-01' })).rejects.toThrow(/^step ageReceivables answered outside/);
    // Even when the compiler cannot see it: a fake or a JSON answer can carry anything.
    const exporting = bindContract('exportSnapshot', async () => JSON.parse('{"rows":"many"}'));
    await expect(exporting({ asOf: '2025-02-01', segment: 0, totalSegments: 1 })).rejects.toMatchObject({
      name: 'StepOutputError',
    });
  });

  it('parse the input before the step runs and hand on the parsed output', async () => {
    const seen: unknown[] = [];
    const aging = bindContract('ageReceivables', async (input) => {
      seen.push(input);
      return { becameOverdue: 2 };
    });
    await expect(aging({ asOf: '2025-02-30' })).rejects.toMatchObject({ name: 'ZodError' });
    expect(seen).toEqual([]);
    expect(await aging({ asOf: '2025-02-01', extra: true })).toEqual({ becameOverdue: 2 });
    expect(seen).toEqual([{ asOf: '2025-02-01' }]);
  });
});

describe('payload paths of the definition', () => {
  it('are built from the state schemas', () => {
    expect(jobPath('report', 'reportId')).toBe('$.report.reportId');
    expect(runPath('run', 'asOf')).toBe('$.run.asOf');
    expect(runPath()).toBe('$');
  });

  it('refuse a field the state does not have, at compile time and when the definition is built', () => {
    // @ts-expect-error a misspelled field of the report does not compile
    expect(() => jobPath('report', 'reprotId')).toThrow('the state has no field report.reprotId');
    // @ts-expect-error nor does a field of the run that the job state lacks
    expect(() => jobPath('run')).toThrow('the state has no field run');
  });

  it('refuse a payload key its receiver does not read, and render paths as key.$', () => {
    expect(fieldsFor(STEP_CONTRACTS.deleteReport.input, { result: jobPath('result') })).toEqual({
      'result.$': '$.result',
    });
    expect(fieldsFor(jobStateSchema, { report: false })).toEqual({ report: false });
    // @ts-expect-error deleteReport reads `result`, not `results`
    expect(() => fieldsFor(STEP_CONTRACTS.deleteReport.input, { results: '$.result' })).toThrow(
      'the state has no field results',
    );
  });
});
