/**
 * The two download steps' dependencies in a deployed Lambda: the provider, the lake ingestion with
 * matching, and the page and batch stores. Both download Lambdas build the same set.
 */
import { buildDownloadSteps } from '../core/workflow/steps/download';
import { buildIngestDeps } from './deps/lake';
import { batchResultsOf, pageFingerprintsOf } from './deps/stores';
import { providerFromEnv } from './provider-env';
import type { StepContext } from './step-handler';
import { bucketFromEnv, reconConfigFromEnv, tableFromEnv, workflowConfigFromEnv } from './workflow-env';

/** The builder of the step "Download pages", for its handler. */
export async function downloadPagesFromEnv(context: StepContext) {
  return (await downloadStepsFromEnv(context)).downloadPages;
}

/** The builder of the step "Download pages until empty", for its handler. */
export async function downloadUntilEmptyFromEnv(context: StepContext) {
  return (await downloadStepsFromEnv(context)).downloadUntilEmpty;
}

async function downloadStepsFromEnv({ now, onPageIngested }: StepContext) {
  const lake = { ...tableFromEnv(), ...bucketFromEnv(), reconConfig: reconConfigFromEnv(), now };
  return buildDownloadSteps({
    ...(await providerFromEnv(lake)),
    ...buildIngestDeps({ ...lake, onPageIngested }),
    config: workflowConfigFromEnv(),
    pageFingerprints: pageFingerprintsOf(lake),
    batchResults: batchResultsOf(lake),
  });
}
