/**
 * Memory of the Lambda behind each workflow step, read from the synthesized template (the definition's
 * Task states name their function), so the GB-second estimate uses what the stack deploys.
 */
import type { StepName } from '../lambdas/core/workflow/step-catalog';
import { buildReconApp } from '../lib/app';
import type { StageConfigInput } from '../lib/config';
import { TASK_STATES } from '../lib/workflow/state-names';
import { definitionFromTemplate } from '../local/stepfunctions';

interface StateJson {
  Type?: string;
  Resource?: string;
  Parameters?: { FunctionName?: string };
  Iterator?: { States: Record<string, StateJson> };
  ItemProcessor?: { States: Record<string, StateJson> };
  Branches?: { States: Record<string, StateJson> }[];
}

function* tasksOf(states: Record<string, StateJson>): Generator<[string, StateJson]> {
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task') yield [name, state];
    for (const inner of [state.Iterator, state.ItemProcessor, ...(state.Branches ?? [])]) {
      if (inner) yield* tasksOf(inner.States);
    }
  }
}

export function lambdaMemoryByStep(stage: StageConfigInput): Partial<Record<StepName, number>> {
  const { app, stack } = buildReconApp({ stage, skipBundling: true, nag: false });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Type: string; Properties?: { MemorySize?: number } }>;
  };
  const definition = definitionFromTemplate(template) as unknown as { States: Record<string, StateJson> };
  const memory: Partial<Record<StepName, number>> = {};
  for (const [name, state] of tasksOf(definition.States)) {
    const step = TASK_STATES[name as keyof typeof TASK_STATES];
    const arn = state.Parameters?.FunctionName ?? state.Resource ?? '';
    const logicalId = arn.split(':').pop() ?? '';
    const size = template.Resources[logicalId]?.Properties?.MemorySize;
    if (step && size) memory[step] = size;
  }
  return memory;
}
