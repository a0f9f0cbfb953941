/**
 * The "Generate report" step: resume the window's kept report, or generate a new one under the
 * configuration's lease. Rules (docs/report-lifecycle.md):
 * - the window's report recorded by an earlier run (or by an earlier try of this step) is resumed
 *   while the provider lists it and it is not in ERRO; one in ERRO is deleted and generated again;
 *   one whose job passed the deadline is resumed only once CONCLUIDO, else generated again;
 * - a generation holds the configuration's account-wide lease from its snapshot of existing reports
 *   until its new id is recorded, so no other generation of that configuration can look like ours;
 * - a retryable failure keeps the lease and the persisted snapshot: the retried step continues the
 *   same creation (its report may have landed); any other failure lets the next generation in.
 */
import { businessDate, type IsoDate } from '../../calendar';
import type { ProviderClient } from '../../provider/port';
import type { WorkflowConfig } from '../config';
import type { GenerationAttempt, Job, StepImplementation } from '../contracts';
import { surfaceTransient, TRANSIENT_ERROR } from '../errors';
import type { RequestCounter } from '../request-count';
import type { GenerationLease } from './generation-lease';
import type { KeptReports } from './kept-reports';

export interface GenerationDeps {
  readonly provider: ProviderClient;
  readonly requests: RequestCounter;
  readonly leases: GenerationLease;
  readonly keptReports: KeptReports;
  readonly config: WorkflowConfig;
  readonly now: () => Date;
}

interface Obtained {
  readonly reportId: string;
  readonly generatedOn: IsoDate;
  readonly resumed: boolean;
}

export function buildGenerateStep(deps: GenerationDeps): StepImplementation<'generateReport'> {
  const { provider, leases, keptReports, now } = deps;

  /** The window's kept report if it can still be downloaded; one in ERRO is deleted (that is safe). */
  async function resumable(job: Job, executionId: string): Promise<Obtained | undefined> {
    const kept = await keptReports.get(job);
    if (!kept) return undefined;
    const listed = await provider.getReport(kept.reportId);
    // A report that once passed its deadline is waited on again only if it has finished since.
    const waitable =
      listed && listed.situacao !== 'ERRO' && (!kept.stalled || listed.situacao === 'CONCLUIDO');
    if (waitable) {
      // A try of this very job recorded it: not a resumption, just a retried step.
      const { reportId, generatedOn } = kept;
      return { reportId, generatedOn, resumed: kept.executionId !== executionId };
    }
    // ERRO is deleted (safe); one still processing cannot be (the provider refuses): it is forgotten.
    if (listed?.situacao === 'ERRO') await provider.deleteReport(kept.reportId);
    await keptReports.clear(job, kept.reportId);
    return undefined;
  }

  async function generate(job: Job, executionId: string, holder: string): Promise<Obtained> {
    const { configurationId } = job;
    const { snapshot } = await leases.acquire(configurationId, holder);
    try {
      const { reportId } = await provider.generate({
        configurationId,
        from: job.from,
        to: job.to,
        before: snapshot,
        onSnapshot: (taken) => leases.saveSnapshot(configurationId, holder, taken),
      });
      const generatedOn = businessDate(now());
      await keptReports.record(job, { reportId, generatedOn, executionId });
      await leases.release(configurationId, holder);
      return { reportId, generatedOn, resumed: false };
    } catch (error) {
      if ((surfaceTransient(error) as Error).name !== TRANSIENT_ERROR)
        await leases.release(configurationId, holder);
      throw error;
    }
  }

  return async function generateReport({ job, executionId, previous }) {
    const holder = `${executionId}#${job.configurationId}#${job.from}#${job.to}`;
    const attempts: GenerationAttempt[] = previous
      ? [...(previous.attempts ?? []), { reportId: previous.reportId, situacao: previous.situacao }]
      : [];
    const { result, requests } = await deps.requests.measure(async () => {
      const kept = await resumable(job, executionId);
      if (!kept) return generate(job, executionId, holder);
      // A retry after the id was recorded may still hold the lease: let the next generation in.
      await leases.release(job.configurationId, holder);
      return kept;
    });
    const at = now();
    return {
      reportId: result.reportId,
      generatedOn: result.generatedOn,
      deadline: new Date(at.getTime() + deps.config.reportDeadlineMinutes * 60_000).toISOString(),
      providerRequests: requests + (previous?.providerRequests ?? 0),
      ...(attempts.length > 0 ? { attempts } : {}),
      ...(result.resumed ? { resumed: true } : {}),
    };
  };
}
