/** A {@link RetrySchedule} as the Retry field of a Task state. */
import { Duration } from 'aws-cdk-lib';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { RetrySchedule } from './retry-schedule';

export function addRetry(task: sfn.TaskStateBase, schedule: RetrySchedule): void {
  task.addRetry({
    errors: [...schedule.errors],
    interval: Duration.seconds(schedule.intervalSeconds),
    backoffRate: schedule.backoffRate,
    maxAttempts: schedule.maxAttempts,
    ...(schedule.maxDelaySeconds === undefined
      ? {}
      : { maxDelay: Duration.seconds(schedule.maxDelaySeconds) }),
    ...(schedule.jitter ? { jitterStrategy: sfn.JitterType.FULL } : {}),
  });
}
