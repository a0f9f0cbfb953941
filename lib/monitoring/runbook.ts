/**
 * What each alarm tells the person who receives it: what happened, what to do first, and where
 * the rest is. Every alarm's section in the runbook (docs/deploy.md, "Runbook: alarms") is a
 * heading named exactly as the alarm, so the link below is the heading's anchor and a test can
 * compare the template's alarms with the runbook's sections.
 */

/** The document and section that hold one heading per alarm. */
export const RUNBOOK_FILE = 'docs/deploy.md';
export const RUNBOOK_SECTION = 'Runbook: alarms';

/** `docs/deploy.md#<alarm id in lower case>`: the anchor GitHub gives the heading `### <id>`. */
export function runbookLink(alarmId: string): string {
  return `${RUNBOOK_FILE}#${alarmId.toLowerCase()}`;
}

/** The description CloudWatch puts in the alarm's e-mail: what happened, then what to do first. */
export function alarmDescription(alarmId: string, happened: string, first: string): string {
  return `${happened} First: ${first} Runbook: ${runbookLink(alarmId)}`;
}

/** Alarms of the state machine and the schedule: each of them is news on its first occurrence. */
export const FIXED_ALARMS = {
  ExecutionsFailed: {
    happened:
      'A recon execution failed: a step ran out of retries or a report did not complete, so the morning ' +
      'message says FAILED or did not go out.',
    first:
      "open the failed execution in the Step Functions console and read the failed state's error and cause.",
  },
  ExecutionsTimedOut: {
    happened: 'A recon execution ran past its 12-hour limit and was stopped; its period is not reconciled.',
    first:
      'see in the Step Functions console which state it was in, then start the period again with "force": true.',
  },
  ScheduleDeadLetters: {
    happened:
      "EventBridge Scheduler gave up starting the nightly run after its retries: tonight's period was not fetched.",
    first:
      "read the message in the schedule's dead-letter queue (its attributes name the error), fix that, then " +
      'start the period by hand.',
  },
} as const;

export type FixedAlarm = keyof typeof FIXED_ALARMS;
