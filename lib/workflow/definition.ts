/**
 * The nightly state machine, built in ONE place: the stack deploys it and the local executor
 * (`local/stepfunctions/`) runs the very same synthesized definition with aws-local-stepfunctions,
 * binding Task states by the names in {@link TASK_STATES} (state-names.ts). JSONPath only (the local engine does not
 * run JSONata); the Distributed Map branch is not executed locally and is covered by template tests.
 */
import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import type { z } from 'zod';
import { STEP_CONTRACTS } from '../../lambdas/core/workflow/contracts';
import type { StepName } from '../../lambdas/core/workflow/step-catalog';
import { buildJobChain, type Invoke, type JobChainProps } from './job-chain';
import { fieldsFor } from './json-path';
import { jobStateSchema, runPath } from './machine-state';
import { TRANSIENT_RETRY } from './retry-schedule';
import { RUN_INCOMPLETE_ERROR, STATE, TASK_STATES } from './state-names';
import { addRetry } from './task-retry';

export interface WorkflowDefinitionProps extends JobChainProps {
  /** The Lambda hosting each step. */
  readonly functions: Readonly<Record<StepName, lambda.Function>>;
  readonly jobConcurrency: number;
}

/**
 * The nightly run, top-down: plan the jobs (or skip a period that already ran), run every job (see
 * job-chain.ts), age the receivables, export the night's changes, take the bank statements in and
 * match the deposits, summarize (which only reads), then succeed or fail on whether every report
 * completed. The caller wraps it in a StateMachine.
 */
export function buildWorkflowDefinition(scope: Construct, props: WorkflowDefinitionProps): sfn.IChainable {
  const invoke = taskInvoker(scope, props.functions);
  return invoke(STATE.planRun, { input: '$', executionId: '$$.Execution.Id' }).next(
    new sfn.Choice(scope, STATE.alreadyRan)
      .when(sfn.Condition.booleanEquals(runPath('skip'), true), new sfn.Succeed(scope, STATE.skipped))
      .otherwise(
        fetchReports(scope, props, invoke)
          .next(
            invoke(STATE.ageReceivables, { asOf: runPath('run', 'asOf') }, { resultPath: runPath('aging') }),
          )
          .next(exportSnapshot(scope, invoke))
          .next(matchDeposits(invoke))
          .next(summarizeRun(invoke))
          .next(verdict(scope)),
      ),
  );
}

/**
 * A Task state running its step's Lambda, with the step's timeout and the transient-error retries;
 * its payload's keys are checked against the step's input schema.
 */
function taskInvoker(scope: Construct, functions: WorkflowDefinitionProps['functions']): Invoke {
  return (name, payload, extra = {}) => {
    const step = TASK_STATES[name];
    const fn = functions[step];
    const fields = payload && fieldsFor<z.ZodType>(STEP_CONTRACTS[step].input, payload);
    const task = new tasks.LambdaInvoke(scope, name, {
      lambdaFunction: fn,
      payloadResponseOnly: true,
      retryOnServiceExceptions: false,
      ...(fields ? { payload: sfn.TaskInput.fromObject(fields) } : {}),
      taskTimeout: sfn.Timeout.duration(fn.timeout ?? Duration.minutes(5)),
      ...extra,
    });
    addRetry(task, TRANSIENT_RETRY);
    return task;
  };
}

/** The jobs Map: one job chain per configuration × window, `jobConcurrency` at a time. */
function fetchReports(scope: Construct, props: WorkflowDefinitionProps, invoke: Invoke): sfn.Map {
  return new sfn.Map(scope, STATE.fetchReports, {
    itemsPath: runPath('jobs'),
    itemSelector: fieldsFor(jobStateSchema, {
      job: '$$.Map.Item.Value',
      waitMode: runPath('run', 'waitMode'),
      asOf: runPath('run', 'asOf'),
      // Keys the job's lease holder and batch results (and correlates logs).
      executionId: runPath('run', 'executionId'),
      // Present from the start (false: not set) so the job-ending states can name them in a payload.
      report: false,
      cursor: false,
      end: false,
      failure: false,
    }),
    maxConcurrency: props.jobConcurrency,
    resultPath: runPath('jobResults'),
  }).itemProcessor(buildJobChain(scope, props, invoke));
}

function exportSnapshot(scope: Construct, invoke: Invoke): sfn.Map {
  return new sfn.Map(scope, STATE.exportSnapshot, {
    itemsPath: runPath('segments'),
    itemSelector: fieldsFor(STEP_CONTRACTS.exportSnapshot.input, {
      asOf: runPath('run', 'asOf'),
      segment: '$$.Map.Item.Value',
      totalSegments: `States.ArrayLength(${runPath('segments')})`,
    }),
    maxConcurrency: 4,
    resultPath: sfn.JsonPath.DISCARD,
  }).itemProcessor(invoke(STATE.exportSnapshotSegment));
}

/** The results stay in the lake, where the summary reads them: the state keeps none of the step's counts. */
function matchDeposits(invoke: Invoke): sfn.TaskStateBase {
  return invoke(
    STATE.matchDeposits,
    { from: runPath('run', 'from'), asOf: runPath('run', 'asOf') },
    { resultPath: sfn.JsonPath.DISCARD },
  );
}

/** The summary stays in S3 and SNS: the step returns only the two fields the verdict reads. */
function summarizeRun(invoke: Invoke): sfn.TaskStateBase {
  return invoke(
    STATE.summarizeRun,
    { run: runPath('run'), jobs: runPath('jobResults'), aging: runPath('aging') },
    { resultPath: runPath('summary') },
  );
}

function verdict(scope: Construct): sfn.Choice {
  return new sfn.Choice(scope, STATE.allReportsCompleted)
    .when(
      sfn.Condition.booleanEquals(runPath('summary', 'allCompleted'), true),
      new sfn.Succeed(scope, STATE.runSucceeded),
    )
    .otherwise(
      new sfn.Fail(scope, STATE.runFailed, {
        error: RUN_INCOMPLETE_ERROR,
        cause: 'At least one report ended REPORT_ERROR, DEADLINE_PASSED or FAILED; see the run summary.',
      }),
    );
}
