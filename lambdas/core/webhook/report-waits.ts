/**
 * The meeting point of a waiting workflow and the webhook that announces its report.
 *
 * The workflow's `.waitForTaskToken` step stores its task token by report id; the webhook records
 * that the provider announced the report. The two arrive in either order, more than once, and at
 * the same time (one event per page, duplicate deliveries), so the rule is: every write is one
 * single-item update returning the whole item (dynalite has no transactions), and whoever sees
 * both a token and an event then wins a conditional `SET resumedAt` (`attribute_not_exists`). Only
 * the winner calls `sendTaskSuccess`, so a report resumes its workflow exactly once.
 *
 * Item: `pk = WAIT#<reportId>`, `sk = WAIT`, with `taskToken`, `eventAt`, `pages` (number set),
 * `resumedAt` and `expiresAt` (TTL, epoch seconds).
 */
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { conditionalWrite } from '../store/conditional';
import { defineEntity } from '../store/entity';

export interface ReportWaits {
  /** Workflow side: store the task token for a report; if an event already arrived, resume at once. */
  registerWait(reportId: string, taskToken: string): Promise<'waiting' | 'resumed'>;
  /** Receiver side: record that the provider announced the report; resume the workflow if it is waiting. */
  recordEvent(reportId: string, page: number): Promise<'resumed' | 'recorded' | 'already-resumed'>;
}

/** What the resumed `.waitForTaskToken` step receives as its output. */
export interface WaitResumedOutput {
  readonly reportId: string;
  readonly via: 'webhook';
}

export interface ReportWaitsDeps {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  /**
   * Step Functions `SendTaskSuccess`. When the task is no longer waiting (it timed out and the
   * workflow fell back to polling) it rejects with an error named `TaskTimedOut`, `InvalidToken` or
   * `TaskDoesNotExist`, as the SDK does; that is not a failure of the webhook.
   */
  readonly sendTaskSuccess: (taskToken: string, output: unknown) => Promise<void>;
  readonly now: () => Date;
  /** How long a wait item is kept. @default 7 */
  readonly ttlDays?: number;
}

/** Errors meaning the token can no longer be resumed: the workflow has already moved on. */
const GONE_TASK_ERRORS = new Set(['TaskTimedOut', 'InvalidToken', 'TaskDoesNotExist']);

const reportWait = defineEntity({
  name: 'reportWait',
  partition: (reportId: string) => [reportId],
  sort: () => 'WAIT',
  schema: z.object({
    taskToken: z.string().optional(),
    eventAt: z.string().optional(),
    resumedAt: z.string().optional(),
    pages: z.set(z.number()).optional(),
    expiresAt: z.number().optional(),
  }),
});

type WaitItem = ReturnType<typeof reportWait.parse>;

export function buildReportWaits(deps: ReportWaitsDeps): ReportWaits {
  const { ddb, tableName, now } = deps;
  const ttlSeconds = (deps.ttlDays ?? 7) * 86_400;
  const key = (reportId: string) => reportWait.key(reportId);
  const expiresAt = () => Math.floor(now().getTime() / 1000) + ttlSeconds;

  /** One single-item update returning the whole item; `undefined` when its condition did not hold. */
  async function update(
    reportId: string,
    expression: string,
    values: Record<string, unknown>,
    condition?: string,
  ): Promise<WaitItem | undefined> {
    const result = await conditionalWrite(
      ddb.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(reportId),
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return result && reportWait.parse(result.Attributes ?? {}, key(reportId));
  }

  async function send(reportId: string, taskToken: string): Promise<void> {
    const output: WaitResumedOutput = { reportId, via: 'webhook' };
    try {
      await deps.sendTaskSuccess(taskToken, output);
    } catch (error) {
      if (!GONE_TASK_ERRORS.has((error as Error).name)) throw error;
    }
  }

  /**
   * Claims the right to resume; only one caller ever gets the token back. If sending then fails for
   * a reason other than a gone task, the claim is released so a later delivery can try again.
   */
  async function resumeIfReady(reportId: string): Promise<boolean> {
    const claim = { ':claimedAt': now().toISOString() };
    const item = await update(
      reportId,
      'SET resumedAt = :claimedAt',
      claim,
      'attribute_not_exists(resumedAt) AND attribute_exists(taskToken) AND attribute_exists(eventAt)',
    );
    // The condition requires a stored token: none means the claim was not ours.
    const taskToken = item?.taskToken;
    if (taskToken === undefined) return false;
    try {
      await send(reportId, taskToken);
    } catch (error) {
      await update(reportId, 'REMOVE resumedAt', claim, 'resumedAt = :claimedAt');
      throw error;
    }
    return true;
  }

  /**
   * The report was already resumed when this token arrived: the same token (a retried call) needs
   * nothing; a new token (the wait step ran again) is resumed directly, as the report is ready.
   */
  async function registerAfterResume(reportId: string, taskToken: string): Promise<'resumed'> {
    const { Item } = await ddb.send(
      new GetCommand({ TableName: tableName, Key: key(reportId), ConsistentRead: true }),
    );
    const stored = Item && reportWait.parse(Item, key(reportId));
    if (stored?.taskToken !== taskToken) await send(reportId, taskToken);
    return 'resumed';
  }

  return {
    async registerWait(reportId, taskToken) {
      const item = await update(
        reportId,
        'SET taskToken = :taskToken, expiresAt = if_not_exists(expiresAt, :expiresAt)',
        { ':taskToken': taskToken, ':expiresAt': expiresAt() },
        'attribute_not_exists(resumedAt)',
      );
      if (item === undefined) return registerAfterResume(reportId, taskToken);
      if (item.eventAt === undefined) return 'waiting';
      // Losing the claim means a concurrent delivery resumed this very token.
      await resumeIfReady(reportId);
      return 'resumed';
    },

    async recordEvent(reportId, page) {
      const item = await update(
        reportId,
        'SET eventAt = if_not_exists(eventAt, :eventAt), expiresAt = if_not_exists(expiresAt, :expiresAt) ADD pages :page',
        { ':eventAt': now().toISOString(), ':expiresAt': expiresAt(), ':page': new Set([page]) },
      );
      // Without a condition the update cannot be refused.
      if (item === undefined) throw new Error(`report ${reportId}: wait update without a condition refused`);
      if (item.resumedAt !== undefined) return 'already-resumed';
      if (item.taskToken === undefined) return 'recorded';
      return (await resumeIfReady(reportId)) ? 'resumed' : 'already-resumed';
    },
  };
}
