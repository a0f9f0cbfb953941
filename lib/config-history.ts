/**
 * The stage's `lookbackDays` check against the Step Functions history limit (see
 * lib/workflow/history-budget.ts and docs/report-lifecycle.md): its own module so lib/config.ts
 * stays a schema, and so the budget reads the workflow defaults the Lambdas will use.
 */
import type { z } from 'zod';
import { workflowConfigSchema } from '../lambdas/core/workflow/config';
import {
  type BudgetSettings,
  HISTORY_EVENT_BUDGET,
  HISTORY_EVENT_LIMIT,
  maxLookbackDays,
  WINDOW_DAYS,
  worstExecutionEvents,
} from './workflow/history-budget';

/** The parsed stage fields the budget depends on (structural, so this module needs no lib/config). */
export interface StageBudgetFields {
  readonly environment: 'sandbox' | 'production';
  readonly lookbackDays: number;
  readonly webhook: { readonly enabled: boolean };
  readonly polling: { readonly intervalSeconds: number };
  readonly reportDeadlineMinutes: number;
  readonly snapshotSegments: number;
  readonly download: {
    readonly pagesPerBatch: number;
    readonly maxUnknownPages: number;
    readonly distributedMapThreshold: number;
  };
}

export function budgetSettingsOf(stage: StageBudgetFields): BudgetSettings {
  // Settings the stage does not expose: the Lambdas' defaults.
  const workflow = workflowConfigSchema.parse({ environment: stage.environment });
  return {
    environment: stage.environment,
    webhook: stage.webhook.enabled,
    pollIntervalSeconds: stage.polling.intervalSeconds,
    reportDeadlineMinutes: stage.reportDeadlineMinutes,
    generationAttempts: workflow.generationAttempts,
    pagesPerBatch: stage.download.pagesPerBatch,
    maxUnknownPages: stage.download.maxUnknownPages,
    distributedMapThreshold: stage.download.distributedMapThreshold,
    batchesPerChunk: workflow.batchesPerChunk,
    snapshotSegments: stage.snapshotSegments,
  };
}

/** Refuses a `lookbackDays` whose execution could write more than the budget of history events. */
export function lookbackWithinHistoryLimit(stage: StageBudgetFields, ctx: z.RefinementCtx): void {
  const settings = budgetSettingsOf(stage);
  const max = maxLookbackDays(settings);
  if (stage.lookbackDays <= max) return;
  const windows = Math.ceil(stage.lookbackDays / WINDOW_DAYS);
  const events = worstExecutionEvents(settings, windows);
  const allowed =
    max === 0
      ? 'no lookbackDays fits with these settings'
      : `must be ≤ ${max} with these settings, got ${stage.lookbackDays}`;
  ctx.addIssue({
    code: 'custom',
    path: ['lookbackDays'],
    message:
      `${allowed}: one execution (${windows} window(s) of ${WINDOW_DAYS} days × 2 reports) may write ` +
      `${events.toLocaleString('en-US')} Step Functions history events, over the budget of ` +
      `${HISTORY_EVENT_BUDGET.toLocaleString('en-US')} (half the service's ${HISTORY_EVENT_LIMIT.toLocaleString('en-US')} limit). ` +
      'Lower reportDeadlineMinutes or download.maxUnknownPages, raise polling.intervalSeconds, ' +
      'or fetch a longer past period with `recon backfill` (one execution per window)',
  });
}
