/**
 * The nightly state machine, built in ONE place: the stack deploys it and the local executor
 * (`local/stepfunctions/`) runs the very same synthesized definition with aws-local-stepfunctions,
 * binding Task states by the names in {@link TASK_STATES}. JSONPath only (the local engine does not
 * run JSONata); the Distributed Map branch is not executed locally and is covered by template tests.
 */
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { TRANSIENT_ERROR } from '../../lambdas/core/workflow/errors';
import type { StepName } from '../../lambdas/core/workflow/steps';
import { type BatchDownloadProps, buildBatchDownload } from './batch-download';

/** Task state name → the workflow step it runs (and the Lambda that hosts the step). */
export const TASK_STATES = {
  'Plan run': 'plan',
  'Generate report': 'generateReport',
  'Generate report again': 'generateReport',
  'Wait for report webhook': 'waitForReport',
  'Check report': 'checkReport',
  'Download pages until empty': 'downloadUntilEmpty',
  'Download pages': 'downloadPages',
  'Download pages (distributed)': 'downloadPages',
  'Finish job': 'finishJob',
  'Record job failure': 'finishJob',
  'Delete report': 'deleteReport',
  'Age receivables': 'ageReceivables',
  'Export snapshot segment': 'exportSnapshot',
  'Summarize run': 'summarize',
} as const satisfies Record<string, StepName>;
export type TaskStateName = keyof typeof TASK_STATES;

/** The `.waitForTaskToken` state; the local executor binds it to a function that awaits the callback. */
export const WAIT_FOR_WEBHOOK_STATE: TaskStateName = 'Wait for report webhook';
export const POLL_WAIT_STATE = 'Wait before next check';
/** The back-off after a report in ERRO, before "Generate report again". */
export const GENERATION_BACKOFF_STATE = 'Wait before generating again';
export { DISTRIBUTED_MAP_STATE, INLINE_MAP_STATE } from './batch-download';
export const JOBS_MAP_STATE = 'Fetch reports';
/** Error of the final Fail state: the summary was written, but some report did not complete. */
export const RUN_INCOMPLETE_ERROR = 'Recon.ReportsNotCompleted';

/** Lambda's own transient failures (throttling, service errors), retried like the provider's. */
const LAMBDA_TRANSIENT_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'Lambda.ClientExecutionTimeoutException',
];

export interface WorkflowDefinitionProps extends BatchDownloadProps {
  /** The Lambda hosting each step. */
  readonly functions: Readonly<Record<StepName, lambda.Function>>;
  readonly jobConcurrency: number;
  readonly pollInterval: Duration;
  readonly webhookTimeout: Duration;
}

/** Builds the chain; the caller wraps it in a StateMachine. */
export function buildWorkflowDefinition(scope: Construct, props: WorkflowDefinitionProps): sfn.IChainable {
  const invoke = (
    name: TaskStateName,
    payload?: Record<string, unknown>,
    extra: Partial<tasks.LambdaInvokeProps> = {},
  ) => {
    const fn = props.functions[TASK_STATES[name]];
    const task = new tasks.LambdaInvoke(scope, name, {
      lambdaFunction: fn,
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      ...(payload ? { payload: sfn.TaskInput.fromObject(payload) } : {}),
      taskTimeout: sfn.Timeout.duration(fn.timeout ?? Duration.minutes(5)),
      ...extra,
    });
    task.addRetry({
      errors: [TRANSIENT_ERROR, ...LAMBDA_TRANSIENT_ERRORS],
      interval: Duration.seconds(2),
      backoffRate: 2,
      maxAttempts: 5,
      maxDelay: Duration.seconds(60),
      jitterStrategy: sfn.JitterType.FULL,
    });
    return task;
  };
  const jobChain = buildJobChain(scope, props, invoke);

  const plan = invoke('Plan run', { 'input.$': '$', 'executionId.$': '$$.Execution.Id' });
  const fetchReports = new sfn.Map(scope, JOBS_MAP_STATE, {
    itemsPath: '$.jobs',
    itemSelector: {
      'job.$': '$$.Map.Item.Value',
      'waitMode.$': '$.run.waitMode',
      'asOf.$': '$.run.asOf',
      // Keys the job's lease holder and batch results (and correlates logs).
      'executionId.$': '$.run.executionId',
      // Present from the start (false: not set) so the job-ending states can name them in a payload.
      report: false,
      cursor: false,
      end: false,
      failure: false,
    },
    maxConcurrency: props.jobConcurrency,
    resultPath: '$.jobResults',
  }).itemProcessor(jobChain);

  const exportSnapshot = new sfn.Map(scope, 'Export snapshot', {
    itemsPath: '$.segments',
    itemSelector: {
      'asOf.$': '$.run.asOf',
      'segment.$': '$$.Map.Item.Value',
      'totalSegments.$': 'States.ArrayLength($.segments)',
    },
    maxConcurrency: 4,
    resultPath: sfn.JsonPath.DISCARD,
  }).itemProcessor(invoke('Export snapshot segment'));

  const summarize = invoke(
    'Summarize run',
    { 'run.$': '$.run', 'jobs.$': '$.jobResults', 'aging.$': '$.aging' },
    {
      resultSelector: { 'allCompleted.$': '$.allCompleted', 'notCompleted.$': '$.notCompleted' },
      resultPath: '$.summary',
    },
  );
  const verdict = new sfn.Choice(scope, 'All reports completed?')
    .when(
      sfn.Condition.booleanEquals('$.summary.allCompleted', true),
      new sfn.Succeed(scope, 'Run succeeded'),
    )
    .otherwise(
      new sfn.Fail(scope, 'Run failed', {
        error: RUN_INCOMPLETE_ERROR,
        cause: 'At least one report ended REPORT_ERROR, DEADLINE_PASSED or FAILED; see the run summary.',
      }),
    );

  return plan.next(
    new sfn.Choice(scope, 'Already ran?')
      .when(
        sfn.Condition.booleanEquals('$.skip', true),
        new sfn.Succeed(scope, 'Skipped: period already ran'),
      )
      .otherwise(
        fetchReports
          .next(invoke('Age receivables', { 'asOf.$': '$.run.asOf' }, { resultPath: '$.aging' }))
          .next(exportSnapshot)
          .next(summarize)
          .next(verdict),
      ),
  );
}

type Invoke = (
  name: TaskStateName,
  payload?: Record<string, unknown>,
  extra?: Partial<tasks.LambdaInvokeProps>,
) => tasks.LambdaInvoke;

/** One configuration x window: generate, wait (sandbox: none; webhook; poll), download, finish, delete. */
function buildJobChain(scope: Construct, props: WorkflowDefinitionProps, invoke: Invoke): sfn.IChainable {
  const catchAll = { errors: [sfn.Errors.ALL], resultPath: '$.failure' };
  // Explicit small payloads: the job-ending states get what they use, never the whole job state.
  const deleteReport = invoke('Delete report', { 'result.$': '$.result' });
  deleteReport.addCatch(new sfn.Pass(scope, 'Keep result without deletion', { outputPath: '$.result' }), {
    errors: [sfn.Errors.ALL],
    resultPath: '$.deleteFailure',
  });
  const jobState = {
    'job.$': '$.job',
    'executionId.$': '$.executionId',
    'report.$': '$.report',
    'cursor.$': '$.cursor',
    'end.$': '$.end',
    'failure.$': '$.failure',
  };
  const recordFailure = invoke('Record job failure', jobState, { resultPath: '$.result' }).next(deleteReport);
  const finishJob = invoke('Finish job', jobState, { resultPath: '$.result' });
  finishJob.addCatch(recordFailure, catchAll);
  finishJob.next(deleteReport);

  const generate = invoke(
    'Generate report',
    { 'job.$': '$.job', 'executionId.$': '$.executionId' },
    {
      resultPath: '$.report',
    },
  );
  generate.addCatch(recordFailure, catchAll);
  // After ERRO: the previous generation is handed on so the job result lists every attempt.
  const generateAgain = invoke(
    'Generate report again',
    { 'job.$': '$.job', 'executionId.$': '$.executionId', 'previous.$': '$.report' },
    { resultPath: '$.report' },
  );
  generateAgain.addCatch(recordFailure, catchAll);

  const downloadItem = {
    'job.$': '$.job',
    'reportId.$': '$.report.reportId',
    'generatedOn.$': '$.report.generatedOn',
    'asOf.$': '$.asOf',
    'executionId.$': '$.executionId',
  };

  // No page count (sandbox, or CONCLUIDO without quantidadePaginas): loop until the first empty page.
  const downloadSandbox = invoke(
    'Download pages until empty',
    { ...downloadItem, 'cursor.$': '$.cursor' },
    { resultPath: '$.cursor' },
  );
  downloadSandbox.addCatch(recordFailure, catchAll);
  const pageLoop = new sfn.Pass(scope, 'Start page loop', {
    result: sfn.Result.fromObject({ nextPage: 1 }),
    resultPath: '$.cursor',
  })
    .next(downloadSandbox)
    .next(
      new sfn.Choice(scope, 'Past last page?')
        .when(sfn.Condition.booleanEquals('$.cursor.done', true), finishJob)
        .otherwise(downloadSandbox),
    );

  const download = buildBatchDownload(scope, props, {
    invoke,
    item: downloadItem,
    next: finishJob,
    onFailure: recordFailure,
  });

  const checkReport = invoke(
    'Check report',
    { 'report.$': '$.report', 'executionId.$': '$.executionId' },
    { resultPath: '$.report' },
  );
  checkReport.addCatch(recordFailure, catchAll);
  const ended = (name: string, outcome: string, error: string) =>
    new sfn.Pass(scope, name, {
      result: sfn.Result.fromObject({ outcome, error }),
      resultPath: '$.end',
    }).next(finishJob);
  const generateAfterBackoff = new sfn.Wait(scope, GENERATION_BACKOFF_STATE, {
    time: sfn.WaitTime.secondsPath('$.report.retryDelaySeconds'),
  }).next(generateAgain);
  checkReport.next(
    new sfn.Choice(scope, 'Report ready?')
      .when(
        sfn.Condition.and(
          sfn.Condition.stringEquals('$.report.situacao', 'CONCLUIDO'),
          sfn.Condition.booleanEquals('$.report.pagesUnknown', true),
        ),
        pageLoop,
      )
      .when(sfn.Condition.stringEquals('$.report.situacao', 'CONCLUIDO'), download)
      .when(
        sfn.Condition.and(
          sfn.Condition.stringEquals('$.report.situacao', 'ERRO'),
          sfn.Condition.booleanEquals('$.report.retryGeneration', true),
        ),
        generateAfterBackoff,
      )
      .when(
        sfn.Condition.stringEquals('$.report.situacao', 'ERRO'),
        ended('Report failed', 'REPORT_ERROR', 'the provider ended every generation of the report in ERRO'),
      )
      .when(
        sfn.Condition.booleanEquals('$.report.deadlinePassed', true),
        ended('Deadline passed', 'DEADLINE_PASSED', 'the report was not ready before its deadline'),
      )
      .otherwise(
        new sfn.Wait(scope, POLL_WAIT_STATE, { time: sfn.WaitTime.duration(props.pollInterval) }).next(
          checkReport,
        ),
      ),
  );

  const waitForWebhook = invoke(
    WAIT_FOR_WEBHOOK_STATE,
    { reportId: sfn.JsonPath.stringAt('$.report.reportId'), taskToken: sfn.JsonPath.taskToken },
    {
      payloadResponseOnly: false,
      integrationPattern: sfn.IntegrationPattern.WAIT_FOR_TASK_TOKEN,
      taskTimeout: sfn.Timeout.duration(props.webhookTimeout),
      resultPath: '$.webhook',
    },
  );
  // No webhook in time: fall back to polling (the deadline still applies).
  waitForWebhook.addCatch(checkReport, { errors: [sfn.Errors.TIMEOUT], resultPath: '$.webhookTimeout' });
  waitForWebhook.addCatch(recordFailure, catchAll);
  waitForWebhook.next(checkReport);

  const howToWait = new sfn.Choice(scope, 'How to wait?')
    .when(sfn.Condition.stringEquals('$.waitMode', 'none'), pageLoop)
    .when(sfn.Condition.stringEquals('$.waitMode', 'webhook'), waitForWebhook)
    .otherwise(checkReport);
  generateAgain.next(howToWait);
  return generate.next(howToWait);
}
