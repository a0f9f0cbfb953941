/**
 * One job of the nightly run (one configuration × window), read top-down:
 *
 *   generate the report → wait until it is ready → download it (by page count, or until an empty
 *   page) → end the job (finish, then delete the report when that is safe).
 *
 * Any failure ends the job through "Record job failure", which keeps what the job learnt; the
 * report is deleted only when the job's result says it is safe (see report/report-cleanup.ts).
 */
import type { Duration } from 'aws-cdk-lib';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import type { z } from 'zod';
import { cursorSchema, jobEndSchema } from '../../lambdas/core/workflow/contracts';
import { type BatchDownloadProps, buildBatchDownload } from './batch-download';
import { fieldsFor } from './json-path';
import { jobPath, type TaskPayload } from './machine-state';
import { GENERATION_TIMEOUT_RETRY } from './retry-schedule';
import { STATE, type TaskStateName } from './state-names';
import { addRetry } from './task-retry';

export type Invoke = <N extends TaskStateName>(
  name: N,
  payload?: TaskPayload<N>,
  extra?: Partial<tasks.LambdaInvokeProps>,
) => tasks.LambdaInvoke;

export interface JobChainProps extends BatchDownloadProps {
  readonly pollInterval: Duration;
  readonly webhookTimeout: Duration;
}

/** What every download item carries, whichever way the report is downloaded. */
const DOWNLOAD_ITEM = {
  job: jobPath('job'),
  reportId: jobPath('report', 'reportId'),
  generatedOn: jobPath('report', 'generatedOn'),
  asOf: jobPath('asOf'),
  executionId: jobPath('executionId'),
} satisfies TaskPayload<typeof STATE.downloadPages> & TaskPayload<typeof STATE.downloadPagesUntilEmpty>;

const CATCH_ALL = { errors: [sfn.Errors.ALL], resultPath: jobPath('failure') };

type CatchInto = <T extends sfn.TaskStateBase>(state: T) => T;

export function buildJobChain(scope: Construct, props: JobChainProps, invoke: Invoke): sfn.IChainable {
  const end = endTheJob(scope, invoke);
  const failed: CatchInto = (state) => state.addCatch(end.onFailure, CATCH_ALL) as typeof state;

  const generation = generateReport(invoke, failed);
  const pageLoop = downloadUntilEmpty(scope, invoke, failed, end.finish);
  const download = {
    byCount: buildBatchDownload(scope, props, {
      invoke,
      item: DOWNLOAD_ITEM,
      next: pageLoop.pastTheCount,
      onFailure: end.onFailure,
    }),
    untilEmpty: pageLoop.fromFirstPage,
  };
  const waitUntilReady = waitUntilReportReady(scope, props, invoke, failed, {
    download,
    generateAgain: generation.again,
    end: end.finish,
  });

  generation.again.next(waitUntilReady);
  return generation.first.next(waitUntilReady);
}

/**
 * "Generate report", and after a report in ERRO "Generate report again" (it lists every attempt).
 * Both also retry a timed-out Lambda: the retry continues the same creation under the lease.
 */
function generateReport(invoke: Invoke, failed: CatchInto) {
  const generate = (
    name: typeof STATE.generateReport | typeof STATE.generateReportAgain,
    payload: TaskPayload<typeof name>,
  ) => {
    const task = invoke(name, payload, { resultPath: jobPath('report') });
    addRetry(task, GENERATION_TIMEOUT_RETRY);
    return failed(task);
  };
  const first = generate(STATE.generateReport, { job: jobPath('job'), executionId: jobPath('executionId') });
  const again = generate(STATE.generateReportAgain, {
    job: jobPath('job'),
    executionId: jobPath('executionId'),
    previous: jobPath('report'),
  });
  return { first, again };
}

/**
 * Sandbox: no wait. Production: the signed webhook (falling back to polling when it does not come in
 * time), or polling. Then by the report's state: download, generate again after ERRO, or end the job.
 */
function waitUntilReportReady(
  scope: Construct,
  props: JobChainProps,
  invoke: Invoke,
  failed: CatchInto,
  next: {
    readonly download: { readonly byCount: sfn.IChainable; readonly untilEmpty: sfn.IChainable };
    readonly generateAgain: sfn.IChainable;
    readonly end: sfn.IChainable;
  },
): sfn.IChainable {
  const checkReport = failed(
    invoke(
      STATE.checkReport,
      { report: jobPath('report'), executionId: jobPath('executionId') },
      { resultPath: jobPath('report') },
    ),
  );
  const ended = (name: string, end: z.input<typeof jobEndSchema>) =>
    new sfn.Pass(scope, name, {
      result: sfn.Result.fromObject(jobEndSchema.parse(end)),
      resultPath: jobPath('end'),
    }).next(next.end);
  const generateAfterBackoff = new sfn.Wait(scope, STATE.waitBeforeGeneratingAgain, {
    time: sfn.WaitTime.secondsPath(jobPath('report', 'retryDelaySeconds')),
  }).next(next.generateAgain);
  const situacao = jobPath('report', 'situacao');
  checkReport.next(
    new sfn.Choice(scope, STATE.reportReady)
      .when(
        sfn.Condition.and(
          sfn.Condition.stringEquals(situacao, 'CONCLUIDO'),
          sfn.Condition.booleanEquals(jobPath('report', 'pagesUnknown'), true),
        ),
        next.download.untilEmpty,
      )
      .when(sfn.Condition.stringEquals(situacao, 'CONCLUIDO'), next.download.byCount)
      .when(
        sfn.Condition.and(
          sfn.Condition.stringEquals(situacao, 'ERRO'),
          sfn.Condition.booleanEquals(jobPath('report', 'retryGeneration'), true),
        ),
        generateAfterBackoff,
      )
      .when(
        sfn.Condition.stringEquals(situacao, 'ERRO'),
        ended(STATE.reportFailed, {
          outcome: 'REPORT_ERROR',
          error: 'the provider ended every generation of the report in ERRO',
        }),
      )
      .when(
        sfn.Condition.booleanEquals(jobPath('report', 'deadlinePassed'), true),
        ended(STATE.deadlinePassed, {
          outcome: 'DEADLINE_PASSED',
          error: 'the report was not ready before its deadline',
        }),
      )
      .otherwise(
        new sfn.Wait(scope, STATE.waitBeforeNextCheck, {
          time: sfn.WaitTime.duration(props.pollInterval),
        }).next(checkReport),
      ),
  );

  const waitForWebhook = invoke(
    STATE.waitForReportWebhook,
    { reportId: jobPath('report', 'reportId'), taskToken: sfn.JsonPath.taskToken },
    {
      payloadResponseOnly: false,
      integrationPattern: sfn.IntegrationPattern.WAIT_FOR_TASK_TOKEN,
      taskTimeout: sfn.Timeout.duration(props.webhookTimeout),
      resultPath: jobPath('webhook'),
    },
  );
  // No webhook in time: fall back to polling (the deadline still applies).
  waitForWebhook.addCatch(checkReport, {
    errors: [sfn.Errors.TIMEOUT],
    resultPath: jobPath('webhookTimeout'),
  });
  failed(waitForWebhook).next(checkReport);

  return new sfn.Choice(scope, STATE.howToWait)
    .when(sfn.Condition.stringEquals(jobPath('waitMode'), 'none'), next.download.untilEmpty)
    .when(sfn.Condition.stringEquals(jobPath('waitMode'), 'webhook'), waitForWebhook)
    .otherwise(checkReport);
}

/**
 * No page count (sandbox, or CONCLUIDO without quantidadePaginas): batches until a confirmed empty
 * page, from page 1. After a counted report's batches, the same loop from the page after the count:
 * its first turn reads whether that page had records (a short count, 0 included) and goes on from
 * there, or ends the download at once (the count confirmed).
 */
function downloadUntilEmpty(scope: Construct, invoke: Invoke, failed: CatchInto, next: sfn.IChainable) {
  const download = failed(
    invoke(
      STATE.downloadPagesUntilEmpty,
      { ...DOWNLOAD_ITEM, cursor: jobPath('cursor') },
      { resultPath: jobPath('cursor') },
    ),
  );
  download.next(
    new sfn.Choice(scope, STATE.pastLastPage)
      .when(sfn.Condition.booleanEquals(jobPath('cursor', 'done'), true), next)
      .otherwise(download),
  );
  const fromFirstPage = new sfn.Pass(scope, STATE.startPageLoop, {
    result: sfn.Result.fromObject(cursorSchema.parse({ nextPage: 1 })),
    resultPath: jobPath('cursor'),
  }).next(download);
  const pastTheCount = new sfn.Pass(scope, STATE.confirmPageCount, {
    parameters: fieldsFor(cursorSchema, {
      // The count is nextPage − 1: the page loop's first turn works it out (and sets countedPages).
      nextPage: `States.MathAdd(${jobPath('report', 'pages')}, 1)`,
      afterCount: true,
    }),
    resultPath: jobPath('cursor'),
  }).next(download);
  return { fromFirstPage, pastTheCount };
}

/**
 * "Finish job" writes the job's result, then "Delete report" removes the report when that is safe
 * (a failed deletion keeps the result). A failure anywhere goes to "Record job failure", the same
 * step with the failure in its input. Explicit small payloads: never the whole job state.
 */
function endTheJob(scope: Construct, invoke: Invoke) {
  const deleteReport = invoke(STATE.deleteReport, { result: jobPath('result') });
  deleteReport.addCatch(
    new sfn.Pass(scope, STATE.keepResultWithoutDeletion, { outputPath: jobPath('result') }),
    { errors: [sfn.Errors.ALL], resultPath: jobPath('deleteFailure') },
  );
  const jobState = {
    job: jobPath('job'),
    executionId: jobPath('executionId'),
    report: jobPath('report'),
    cursor: jobPath('cursor'),
    end: jobPath('end'),
    failure: jobPath('failure'),
  };
  const onFailure = invoke(STATE.recordJobFailure, jobState, { resultPath: jobPath('result') }).next(
    deleteReport,
  );
  const finish = invoke(STATE.finishJob, jobState, { resultPath: jobPath('result') });
  finish.addCatch(onFailure, CATCH_ALL);
  finish.next(deleteReport);
  return { finish, onFailure };
}
