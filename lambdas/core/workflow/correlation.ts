/**
 * Log correlation for the workflow Lambdas: whatever the step, its input says which execution, report
 * and pages it works on. Appended to every log line so one report can be followed across steps.
 */
/** Correlation keys found in a step input, whatever the step. */
export function correlationKeys(event: unknown): Record<string, string | number> {
  const input = (event ?? {}) as Record<string, unknown>;
  const report = input.report as { reportId?: string } | undefined;
  const batch = input.batch as { firstPage?: number; lastPage?: number } | undefined;
  const cursor = input.cursor as { nextPage?: number } | undefined;
  const keys: Record<string, string | number> = {};
  const executionId = input.executionId ?? (input.run as { executionId?: string } | undefined)?.executionId;
  if (typeof executionId === 'string') keys.executionId = executionId;
  const reportId = input.reportId ?? report?.reportId;
  if (typeof reportId === 'string') keys.reportId = reportId;
  if (batch?.firstPage !== undefined) keys.pages = `${batch.firstPage}-${batch.lastPage}`;
  if (cursor?.nextPage !== undefined) keys.page = cursor.nextPage;
  return keys;
}
