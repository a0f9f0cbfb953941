/**
 * The download part of the job chain for reports with a page count (see {@link buildBatchDownload}).
 * Its own module so the definition stays readable; the names below are what the local runner and the
 * template tests address.
 */
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { STEP_CONTRACTS } from '../../lambdas/core/workflow/contracts';
import { fieldsFor } from './json-path';
import { chunkPath, chunkStateSchema, jobPath, jobStateSchema, type TaskPayload } from './machine-state';
import { DISTRIBUTED_MAP_STATE, INLINE_MAP_STATE, STATE } from './state-names';

export interface BatchDownloadProps {
  readonly batchConcurrency: number;
  readonly distributedMapThreshold: number;
  readonly distributedMapConcurrency: number;
}

/**
 * Page batches of a report with a page count, in a state of bounded size whatever the report size:
 * the Map iterates chunk starts (`ArrayRange`, at most 1,000), each chunk expands its batch indexes
 * (`ArrayRange`), and every result is discarded (counts go to DynamoDB, see download/batch-results.ts). Large
 * reports run each chunk as a child execution of a Distributed Map (its own history); a chunk's
 * batches then run one at a time, so the account's concurrency stays `distributedMapConcurrency`.
 */
export function buildBatchDownload(
  scope: Construct,
  props: BatchDownloadProps,
  links: {
    /** Builds the Task state that runs the download step (retries and timeout set). */
    readonly invoke: (
      name: typeof STATE.downloadPages | typeof STATE.downloadPagesDistributed,
    ) => sfn.TaskStateBase;
    /** The download item's fields common to every batch (job, report id...), as paths into the job. */
    readonly item: Omit<TaskPayload<typeof STATE.downloadPages>, 'batchIndex' | 'pages'>;
    readonly next: sfn.IChainable;
    readonly onFailure: sfn.IChainable;
  },
): sfn.IChainable {
  const { invoke, item: downloadItem, next: finishJob, onFailure: recordFailure } = links;
  const catchAll = { errors: [sfn.Errors.ALL], resultPath: jobPath('failure') };
  const chunkItem = fieldsFor(chunkStateSchema, {
    ...downloadItem,
    pages: jobPath('report', 'pages'),
    span: jobPath('report', 'chunkSpan'),
    start: '$$.Map.Item.Value',
  });
  const chunkProcessor = (distributed: boolean, concurrency: number) => {
    const batchMap = new sfn.Map(
      scope,
      distributed ? STATE.downloadChunkBatchesDistributed : STATE.downloadChunkBatches,
      {
        itemsPath: chunkPath('chunk', 'indexes'),
        itemSelector: fieldsFor(STEP_CONTRACTS.downloadPages.input, {
          job: chunkPath('job'),
          reportId: chunkPath('reportId'),
          generatedOn: chunkPath('generatedOn'),
          asOf: chunkPath('asOf'),
          executionId: chunkPath('executionId'),
          pages: chunkPath('pages'),
          batchIndex: '$$.Map.Item.Value',
        }),
        maxConcurrency: concurrency,
        resultPath: sfn.JsonPath.DISCARD,
        // A chunk answers with its start only: the parent Map's result stays a list of small numbers.
        outputPath: chunkPath('start'),
      },
    ).itemProcessor(invoke(distributed ? STATE.downloadPagesDistributed : STATE.downloadPages));
    const start = chunkPath('start');
    return new sfn.Pass(scope, distributed ? STATE.batchesOfChunkDistributed : STATE.batchesOfChunk, {
      parameters: fieldsFor(chunkStateSchema.shape.chunk, {
        indexes: `States.ArrayRange(${start}, States.MathAdd(${start}, ${chunkPath('span')}), 1)`,
      }),
      resultPath: chunkPath('chunk'),
    }).next(batchMap);
  };
  const inlineMap = new sfn.Map(scope, INLINE_MAP_STATE, {
    itemsPath: jobPath('chunks', 'starts'),
    itemSelector: chunkItem,
    resultPath: sfn.JsonPath.DISCARD,
  }).itemProcessor(chunkProcessor(false, props.batchConcurrency));
  inlineMap.addCatch(recordFailure, catchAll);
  const distributedMap = new sfn.DistributedMap(scope, DISTRIBUTED_MAP_STATE, {
    itemsPath: jobPath('chunks', 'starts'),
    itemSelector: chunkItem,
    maxConcurrency: props.distributedMapConcurrency,
    mapExecutionType: sfn.StateMachineType.STANDARD,
    resultPath: sfn.JsonPath.DISCARD,
  }).itemProcessor(chunkProcessor(true, 1));
  distributedMap.addCatch(recordFailure, catchAll);
  const [lastStart, chunkSize] = [jobPath('report', 'lastChunkStart'), jobPath('report', 'chunkSize')];
  return new sfn.Pass(scope, STATE.planPageChunks, {
    parameters: fieldsFor(jobStateSchema.shape.chunks, {
      starts: `States.ArrayRange(0, ${lastStart}, ${chunkSize})`,
    }),
    resultPath: jobPath('chunks'),
  }).next(
    new sfn.Choice(scope, STATE.largeReport)
      .when(
        sfn.Condition.numberGreaterThan(jobPath('report', 'batchCount'), props.distributedMapThreshold),
        distributedMap.next(finishJob),
      )
      .otherwise(inlineMap.next(finishJob)),
  );
}
