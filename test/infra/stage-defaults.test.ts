/**
 * One configuration: the stage is the single source of every setting, so a setting cannot have one
 * default where it is deployed (stage → workflowConfigOf) and another where the steps are tested or
 * run locally (the workflow schema's defaults, `parseWorkflowConfig`).
 */
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../lambdas/core/config';
import { parseWorkflowConfig } from '../../lambdas/core/workflow/config';
import { parseStageConfig, stageConfigSchema, workflowConfigOf } from '../../lib/config';

const ENVIRONMENTS = ['sandbox', 'production'] as const;

describe('the stage and the workflow schema', () => {
  it.each(ENVIRONMENTS)('give every workflow setting one default (%s)', (environment) => {
    const stage = parseStageConfig({ environment, baseUrl: 'https://provider.example' });
    expect(workflowConfigOf(stage)).toEqual(parseWorkflowConfig({ environment }));
  });

  it('pass every stage setting a step reads under the name the workflow schema gives it', () => {
    const stage = parseStageConfig({
      environment: 'production',
      baseUrl: 'https://provider.example',
      download: { batchConcurrency: 7, maxUnknownPages: 321, pagesPerBatch: 5, pageConcurrency: 4 },
    });
    expect(workflowConfigOf(stage)).toMatchObject({
      batchConcurrency: 7,
      maxUnknownPages: 321,
      pagesPerBatch: 5,
      pageConcurrency: 4,
    });
  });

  it("defaults each group of the stage to its fields' own defaults, restating none", () => {
    const stage = parseStageConfig({ environment: 'production', baseUrl: 'https://provider.example' });
    const { shape } = stageConfigSchema;
    for (const group of ['schedule', 'webhook', 'polling', 'download', 'cost', 'lifecycle'] as const)
      expect(stage[group], group).toEqual(shape[group].unwrap().parse({}));
    expect(stage.recon).toEqual(parseReconConfig({}));
  });
});
