/** Runs recon's nightly state machine on this machine (see run.ts). */
export { definitionFromTemplate, synthesizeWorkflowDefinition, type WorkflowDefinition } from './definition';
export { type LocalRunOptions, type LocalRunResult, runWorkflowLocally } from './run';
export { createLocalTaskTokens, type LocalTaskTokens } from './task-tokens';
