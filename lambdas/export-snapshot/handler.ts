import { buildExportSnapshotStep } from '../core/workflow/steps/finish';
import { buildExportDeps } from '../runtime/deps/export';
import { createStepHandler } from '../runtime/step-handler';
import { bucketFromEnv, reconConfigFromEnv, tableFromEnv } from '../runtime/workflow-env';

/** Step `exportSnapshot` of the nightly workflow (see lambdas/core/workflow/steps/finish.ts). */
export const handler = createStepHandler('exportSnapshot', ({ now }) =>
  buildExportSnapshotStep({
    exportSnapshot: buildExportDeps({
      ...tableFromEnv(),
      ...bucketFromEnv(),
      reconConfig: reconConfigFromEnv(),
      now,
    }),
  }),
);
