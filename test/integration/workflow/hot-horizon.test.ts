/**
 * The hot table's horizon through the real local pipeline (simulator, synthesized state machine,
 * dynalite, s3rver). dynalite never deletes expired items, so the test deletes what DynamoDB's TTL
 * would have deleted by then; the same reports delivered again later must not bring archived
 * receivables back in part: their records are quarantined as ARCHIVED_RECEIVABLE (counted in the
 * summary), the receivables still in the table are untouched, and the lake still lists every one.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { TABLE } from '../../../lambdas/core/store/table';
import { type LocalWorld, startLocalWorld } from '../../../local/simulated-world';
import { dynamoListing, lakeListing } from '../../support/lake-listing';

const PERIOD = { from: '2024-01-01', to: '2024-01-31' };
const config = parseReconConfig({});

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** What DynamoDB's TTL does at `now`: every item whose expiresAt has passed is gone. */
async function expireItems(w: LocalWorld, now: Date): Promise<number> {
  const { documentClient: ddb, tableName } = w.dynamo;
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const expiresAt = item[TABLE.ttlAttribute];
      if (typeof expiresAt === 'number' && expiresAt * 1000 <= now.getTime()) {
        await ddb.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }));
        if (String(item.pk).startsWith('RCV#')) deleted += 1;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
}

describe('hot table horizon (production)', () => {
  it('settled receivables leave the table by TTL, stay in the lake, and a late delivery is quarantined', async () => {
    let now = new Date('2024-02-01T02:00:00-03:00');
    world = await startLocalWorld({
      mode: 'production',
      now: () => now,
      simulator: {
        dataset: { sales: 40, from: '2023-12-01', to: PERIOD.to, recordsPerPage: 40 },
        timing: { waitingMs: 10, processingMs: 20 },
      },
    });
    const w = world;
    const first = await w.run(PERIOD);
    expect(first.status, JSON.stringify(first.error)).toBe('SUCCEEDED');
    const written = await dynamoListing(w.dynamo.documentClient, w.dynamo.tableName, '2024-02-01', config);

    // 400 days and more after the last payment, sale and write: settled receivables expire.
    now = new Date('2025-06-01T02:00:00-03:00');
    const later = '2025-06-01';
    const before = await dynamoListing(w.dynamo.documentClient, w.dynamo.tableName, later, config);
    const archived = await expireItems(w, now);
    const hot = await dynamoListing(w.dynamo.documentClient, w.dynamo.tableName, later, config);
    expect(archived).toBeGreaterThan(0);
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.length + archived).toBe(written.length);
    expect(hot.every((r) => r.settlementCount === 0)).toBe(true);
    // The lake still holds every receivable, archived ones included, as of the later date.
    expect(await lakeListing(w.s3.client, w.s3.bucket, later)).toEqual(before);

    // The same reports again, a year later: nothing archived comes back, nothing counts twice.
    const again = await w.run({ ...PERIOD, force: true });
    expect(again.status, JSON.stringify(again.jobs?.map((j) => [j.outcome, j.error]))).toBe('SUCCEEDED');
    const held = (again.jobs ?? []).reduce(
      (sum, job) => sum + (job.counts.quarantinedByReason.ARCHIVED_RECEIVABLE ?? 0),
      0,
    );
    expect(held).toBeGreaterThan(0);
    expect(await dynamoListing(w.dynamo.documentClient, w.dynamo.tableName, later, config)).toEqual(hot);
    expect(await lakeListing(w.s3.client, w.s3.bucket, later)).toEqual(before);
    // The run summary names the reason (summary.json and report.html, listed by recon summaries).
    const runId = (again.output as { run: { runId: string } }).run.runId;
    for (const name of ['summary.json', 'report.html']) {
      const object = await w.s3.client.send(
        new GetObjectCommand({ Bucket: w.s3.bucket, Key: `summaries/run=${runId}/${name}` }),
      );
      expect(await object.Body?.transformToString(), name).toContain('ARCHIVED_RECEIVABLE');
    }
  });
});
