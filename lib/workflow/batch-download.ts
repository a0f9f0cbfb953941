/**
 * The download part of the job chain for reports with a page count (see {@link buildBatchDownload}).
 * Its own module so the definition stays readable; the names below are what the local runner and the
 * template tests address.
 */
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
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
    /** The download item's fields common to every batch (job, report id...). */
    readonly item: Record<string, string>;
    readonly next: sfn.IChainable;
    readonly onFailure: sfn.IChainable;
  },
): sfn.IChainable {
  const { invoke, item: downloadItem, next: finishJob, onFailure: recordFailure } = links;
  const catchAll = { errors: [sfn.Errors.ALL], resultPath: '$.failure' };
  const chunkItem = {
    ...downloadItem,
    'pages.$': '$.report.pages',
    'span.$': '$.report.chunkSpan',
    'start.$': '$$.Map.Item.Value',
  };
  const chunkProcessor = (suffix: string, concurrency: number) => {
    const batchMap = new sfn.Map(scope, `Download chunk batches${suffix}`, {
      itemsPath: '$.chunk.indexes',
      itemSelector: {
        'job.$': '$.job',
        'reportId.$': '$.reportId',
        'generatedOn.$': '$.generatedOn',
        'asOf.$': '$.asOf',
        'executionId.$': '$.executionId',
        'pages.$': '$.pages',
        'batchIndex.$': '$$.Map.Item.Value',
      },
      maxConcurrency: concurrency,
      resultPath: sfn.JsonPath.DISCARD,
      // A chunk answers with its start only: the parent Map's result stays a list of small numbers.
      outputPath: '$.start',
    }).itemProcessor(invoke(suffix ? STATE.downloadPagesDistributed : STATE.downloadPages));
    return new sfn.Pass(scope, `Batches of chunk${suffix}`, {
      parameters: { 'indexes.$': 'States.ArrayRange($.start, States.MathAdd($.start, $.span), 1)' },
      resultPath: '$.chunk',
    }).next(batchMap);
  };
  const inlineMap = new sfn.Map(scope, INLINE_MAP_STATE, {
    itemsPath: '$.chunks.starts',
    itemSelector: chunkItem,
    resultPath: sfn.JsonPath.DISCARD,
  }).itemProcessor(chunkProcessor('', props.batchConcurrency));
  inlineMap.addCatch(recordFailure, catchAll);
  const distributedMap = new sfn.DistributedMap(scope, DISTRIBUTED_MAP_STATE, {
    itemsPath: '$.chunks.starts',
    itemSelector: chunkItem,
    maxConcurrency: props.distributedMapConcurrency,
    mapExecutionType: sfn.StateMachineType.STANDARD,
    resultPath: sfn.JsonPath.DISCARD,
  }).itemProcessor(chunkProcessor(' (distributed)', 1));
  distributedMap.addCatch(recordFailure, catchAll);
  return new sfn.Pass(scope, 'Plan page chunks', {
    parameters: { 'starts.$': 'States.ArrayRange(0, $.report.lastChunkStart, $.report.chunkSize)' },
    resultPath: '$.chunks',
  }).next(
    new sfn.Choice(scope, 'Large report?')
      .when(
        sfn.Condition.numberGreaterThan('$.report.batchCount', props.distributedMapThreshold),
        distributedMap.next(finishJob),
      )
      .otherwise(inlineMap.next(finishJob)),
  );
}
