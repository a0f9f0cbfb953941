/**
 * Step Functions task tokens on this machine. aws-local-stepfunctions has no callback API, so the
 * `.waitForTaskToken` state is bound to a function that parks on a token here, and
 * {@link LocalTaskTokens.sendTaskSuccess} (given to `buildReportWaits` as its SendTaskSuccess)
 * resumes it. Like the real service, a token that is unknown or already finished is refused with an
 * error named `TaskTimedOut`, which report-waits treats as "the workflow moved on".
 */
import { randomUUID } from 'node:crypto';

export interface LocalTaskTokens {
  /** Creates a token and the promise its success resolves. */
  issue(): { token: string; completion: Promise<unknown> };
  /** Ends a token without success (timeout); later successes are refused. */
  expire(token: string): void;
  sendTaskSuccess(taskToken: string, output: unknown): Promise<void>;
  /** Tokens issued so far, in order (tests assert the callback path was used). */
  readonly issued: readonly string[];
  /** Tokens resumed by a success. */
  readonly succeeded: readonly string[];
}

class TaskTimedOut extends Error {
  constructor(token: string) {
    super(`task ${token} is not waiting`);
    this.name = 'TaskTimedOut';
  }
}

export function createLocalTaskTokens(): LocalTaskTokens {
  const waiting = new Map<string, (output: unknown) => void>();
  const issued: string[] = [];
  const succeeded: string[] = [];
  return {
    issued,
    succeeded,
    issue() {
      const token = `local-task-${randomUUID()}`;
      let resolve!: (output: unknown) => void;
      const promise = new Promise<unknown>((done) => {
        resolve = done;
      });
      waiting.set(token, resolve);
      issued.push(token);
      return { token, completion: promise };
    },
    expire(token) {
      waiting.delete(token);
    },
    async sendTaskSuccess(taskToken, output) {
      const resolve = waiting.get(taskToken);
      if (!resolve) throw new TaskTimedOut(taskToken);
      waiting.delete(taskToken);
      succeeded.push(taskToken);
      resolve(output);
    },
  };
}
