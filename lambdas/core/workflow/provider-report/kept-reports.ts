/**
 * The provider report of each window (configuration x movement period), recorded in DynamoDB the
 * moment its id is known and kept until the window completes. A job that fails keeps its report at
 * the provider (see `report-cleanup.ts`); the next run of the same window finds it here and resumes
 * it while the provider still lists it, instead of generating and waiting again. A step retried after
 * the id was recorded finds it here too.
 *
 * Item: `pk = WINDOWS#<environment>#<configurationId>`, `sk = <from>#<to>`, `reportId`,
 * `generatedOn`, `executionId`, `recordedAt`, `stalled` (set when its job passed the deadline).
 */
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { type IsoDate, isoDateSchema } from '../../calendar';
import { conditionalWrite } from '../../store/conditional';
import { defineEntity } from '../../store/entity';
import { keyOf } from '../../store/table';
import type { Job } from '../contracts';

export interface KeptReport {
  readonly reportId: string;
  /** Business date of the generation: the records' source keeps it across resumptions. */
  readonly generatedOn: IsoDate;
  readonly executionId: string;
  /** Its job passed the deadline: resume it only once CONCLUIDO (it may never finish). */
  readonly stalled?: boolean;
}

export interface KeptReports {
  get(job: Job): Promise<KeptReport | undefined>;
  record(job: Job, report: KeptReport): Promise<void>;
  /** Forgets the window's report, only if it is still `reportId` (a newer one stays). */
  clear(job: Job, reportId: string): Promise<void>;
  /** The configuration's kept reports of windows inside `job`'s window (its own excluded). */
  inside(job: Job): Promise<(Job & { readonly kept: KeptReport })[]>;
  /** Marks the window's report, if still `reportId`, as past its deadline ({@link KeptReport.stalled}). */
  markStalled(job: Job, reportId: string): Promise<void>;
}

/** The window's bounds, as its sort key holds them. */
const windowSchema = z
  .string()
  .transform((sk) => sk.split('#'))
  .pipe(z.tuple([isoDateSchema, isoDateSchema]));

// One partition per configuration, windows sorted by their bounds: the windows inside a period are
// one Query away.
const keptReport = defineEntity({
  name: 'keptReport',
  partition: ({ environment, configurationId }: { environment: string; configurationId: number }) => [
    environment,
    configurationId,
  ],
  sort: ({ from, to }: Pick<Job, 'from' | 'to'>) => keyOf(from, to),
  schema: z.object({
    sk: windowSchema,
    reportId: z.string(),
    generatedOn: isoDateSchema,
    executionId: z.string(),
    stalled: z.boolean().optional(),
    recordedAt: z.string(),
  }),
});

export function buildKeptReports(deps: {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly environment: string;
  readonly now: () => Date;
}): KeptReports {
  const { ddb, tableName, environment } = deps;
  const partition = (job: Job) => keptReport.pk({ environment, configurationId: job.configurationId });
  const key = (job: Job) => keptReport.key({ environment, configurationId: job.configurationId }, job);
  return {
    async get(job) {
      const { Item } = await ddb.send(
        new GetCommand({ TableName: tableName, Key: key(job), ConsistentRead: true }),
      );
      return Item ? keptOf(keptReport.parse(Item, key(job))) : undefined;
    },
    async inside(job) {
      const { Items = [] } = await ddb.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
          ExpressionAttributeValues: { ':pk': partition(job), ':first': job.from, ':last': `${job.to}#~` },
          ConsistentRead: true,
        }),
      );
      return Items.flatMap((item) => {
        const kept = keptReport.parse(item);
        const [from, to] = kept.sk;
        const own = from === job.from && to === job.to;
        return own || to > job.to ? [] : [{ ...job, from, to, kept: keptOf(kept) }];
      });
    },
    async record(job, report) {
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: keptReport.item(key(job), { ...report, recordedAt: deps.now().toISOString() }),
        }),
      );
    },
    async clear(job, reportId) {
      await unlessReplaced(
        new DeleteCommand({ TableName: tableName, Key: key(job), ...sameReport(reportId) }),
      );
    },
    async markStalled(job, reportId) {
      await unlessReplaced(
        new UpdateCommand({
          TableName: tableName,
          Key: key(job),
          UpdateExpression: 'SET stalled = :yes',
          ...sameReport(reportId, { ':yes': true }),
        }),
      );
    },
  };

  /** Runs a conditional write that is moot when the window's record holds another report (or none). */
  async function unlessReplaced(command: DeleteCommand | UpdateCommand): Promise<void> {
    await conditionalWrite(ddb.send(command));
  }
}

function keptOf(item: ReturnType<typeof keptReport.parse>): KeptReport {
  return {
    reportId: item.reportId,
    generatedOn: item.generatedOn,
    executionId: item.executionId,
    ...(item.stalled === true ? { stalled: true } : {}),
  };
}

function sameReport(reportId: string, values: Record<string, unknown> = {}) {
  return {
    ConditionExpression: 'reportId = :id',
    ExpressionAttributeValues: { ':id': reportId, ...values },
  };
}
