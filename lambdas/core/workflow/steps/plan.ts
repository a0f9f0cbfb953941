/** Step "Plan run": the period, the configurations and the jobs, under the run marker. */
import { addDays, businessDate, daysBetween, type IsoDate } from '../../calendar';
import { REPORT_KINDS, type ReportKind } from '../../ingest/records/canonical';
import { splitIntoWindows } from '../../provider/windows';
import { SANDBOX_CONFIGURATION_IDS, waitModeOf } from '../config';
import type { Job, RunContext, StepImplementation } from '../contracts';
import type { WorkflowDeps } from '../deps';
import { ConfigurationNotFoundError, PeriodTooLongError } from '../errors';

export function buildPlanStep(
  deps: Pick<WorkflowDeps, 'provider' | 'config' | 'runGuard' | 'now'>,
): StepImplementation<'plan'> {
  const { provider, config, now } = deps;

  async function configurationIdsByName(): Promise<Record<ReportKind, number>> {
    const listed = await provider.listConfigurations();
    const find = (name: string) => {
      const wanted = name.trim().toLowerCase();
      const found = listed.find((c) => c.nome.trim().toLowerCase() === wanted);
      if (!found) {
        const names = listed.map((c) => c.nome).join(', ');
        throw new ConfigurationNotFoundError(`no configuration named '${name}' (provider lists: ${names})`);
      }
      return found.id;
    };
    return {
      sales: find(config.configurationNames.sales),
      financial: find(config.configurationNames.financial),
    };
  }

  async function resolveJobs(from: IsoDate, to: IsoDate): Promise<Job[]> {
    const ids: Record<ReportKind, number> =
      config.environment === 'sandbox' ? { ...SANDBOX_CONFIGURATION_IDS } : await configurationIdsByName();
    const windows = splitIntoWindows(from, to);
    return REPORT_KINDS.flatMap((kind) =>
      windows.map((window) => ({ kind, configurationId: ids[kind], from: window.from, to: window.to })),
    );
  }

  /** Resolves the period and configurations, claims the run marker, lists the jobs. */
  return async function plan({ input, executionId }) {
    const at = now();
    const asOf = input.asOf ?? businessDate(at);
    const yesterday = addDays(asOf, -1);
    const to = input.to ?? yesterday;
    const from = input.from ?? addDays(to, -(config.lookbackDays - 1));
    const days = daysBetween(from, to) + 1;
    if (config.maxPeriodDays !== undefined && days > config.maxPeriodDays)
      throw new PeriodTooLongError(from, to, days, config.maxPeriodDays);
    const run: RunContext = {
      runId: executionId.split(':').pop() ?? executionId,
      executionId,
      environment: config.environment,
      from,
      to,
      asOf,
      startedAt: at.toISOString(),
      waitMode: waitModeOf(config),
    };
    const jobs = await resolveJobs(from, to);
    const claim = await deps.runGuard.claim(run, executionId, { force: input.force === true });
    if (!claim.claimed) return { skip: true, reason: claim.reason, run, jobs: [], segments: [] };
    return {
      skip: false,
      run,
      jobs,
      segments: Array.from({ length: config.snapshotSegments }, (_, i) => i),
    };
  };
}
