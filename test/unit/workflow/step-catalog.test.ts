import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWorkflowSteps } from '../../../lambdas/core/workflow/build-steps';
import type { WorkflowDeps } from '../../../lambdas/core/workflow/deps';
import { PROVIDER_STEPS, STEP_CATALOG, STEP_NAMES } from '../../../lambdas/core/workflow/step-catalog';
import { TASK_STATES } from '../../../lib/workflow/state-names';

const LAMBDAS = join(import.meta.dirname, '../../../lambdas');

describe('the step catalog', () => {
  it('gives every step its own Lambda folder, whose handler runs exactly that step', () => {
    for (const name of STEP_NAMES) {
      const handler = join(LAMBDAS, STEP_CATALOG[name].folder, 'handler.ts');
      expect(existsSync(handler), handler).toBe(true);
      expect(readFileSync(handler, 'utf8')).toContain(`createStepHandler('${name}'`);
    }
    const folders = STEP_NAMES.map((name) => STEP_CATALOG[name].folder);
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('lists every workflow Lambda folder (the webhook and the web inbox are not steps)', () => {
    const withHandler = readdirSync(LAMBDAS).filter((dir) => existsSync(join(LAMBDAS, dir, 'handler.ts')));
    const steps = new Set<string>(STEP_NAMES.map((name) => STEP_CATALOG[name].folder));
    expect(withHandler.filter((dir) => !steps.has(dir))).toEqual(['inbox', 'webhook']);
  });

  it('matches the implemented steps and the state machine’s Task states one to one', () => {
    // The builders only capture their dependencies; no step runs here.
    const implemented = Object.keys(buildWorkflowSteps({} as WorkflowDeps)).sort();
    expect(implemented).toEqual([...STEP_NAMES].sort());
    expect([...new Set(Object.values(TASK_STATES))].sort()).toEqual([...STEP_NAMES].sort());
  });

  it('marks exactly the steps that talk to the provider (only they may read its secret)', () => {
    expect([...PROVIDER_STEPS].sort()).toEqual(
      ['checkReport', 'deleteReport', 'downloadPages', 'downloadUntilEmpty', 'generateReport', 'plan'].sort(),
    );
  });
});
