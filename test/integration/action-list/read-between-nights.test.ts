/**
 * Between nights, the pendências (`recon breaks`, `recon inbox`, the deployed inbox) are the latest
 * kept action list brought up to the date asked by the touched log, read without scanning the
 * table; with no list to keep up to that date, they are what a Scan of the table finds.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionEntry } from '../../../lambdas/core/action-list/entries';
import { actionListKey } from '../../../lambdas/core/action-list/store';
import { buildBreaks } from '../../../lambdas/core/breaks/service';
import type { BreakView } from '../../../lambdas/core/breaks/status';
import { buildBreaksService } from '../../../lambdas/runtime/deps/breaks';
import type { LocalWorld } from '../../../local/simulated-world';
import { startLifecycleWorld } from '../../support/lifecycle-world';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const receivableIds = (views: readonly BreakView[]) =>
  views
    .map((v) => v.id)
    .filter((id) => id.startsWith('r:'))
    .sort();

describe('the pendências between nights', () => {
  it('are the kept list brought up to the date, and a Scan when no list can be', async () => {
    world = await startLifecycleWorld({ graceDays: 3 }, 'traps');
    const { s3, dynamo, reconConfig } = world;
    const night = { from: '2025-01-01', to: '2025-01-31', asOf: '2025-02-01' } as const;
    expect((await world.run(night)).status).toBe('SUCCEEDED');
    const table = { ddb: dynamo.documentClient, tableName: dynamo.tableName, now: () => new Date() };
    const deployed = buildBreaksService({ ...table, s3: s3.client, bucket: s3.bucket, reconConfig });
    const scanned = buildBreaks({ ...table, config: reconConfig, rules: reconConfig.breaks });
    const asOf = '2025-02-02';
    const all = receivableIds(await scanned.list(asOf));
    expect(all.length).toBeGreaterThan(0);
    expect(receivableIds(await deployed.list(asOf))).toEqual(all);

    // A kept list holding an entry the table does not have: the listing is the list's, no Scan behind it.
    const key = actionListKey(night.asOf);
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const text = gunzipSync(await (object.Body?.transformToByteArray() ?? new Uint8Array())).toString();
    const [first] = text.split('\n').filter((line) => line !== '');
    const stray: ActionEntry = { ...(JSON.parse(first as string) as ActionEntry), k: 'NOT|IN|THE|TABLE|1' };
    await s3.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: key,
        Body: gzipSync(`${text}\n${JSON.stringify(stray)}`),
      }),
    );
    expect(receivableIds(await deployed.list(asOf))).toEqual([...all, `r:${stray.k}`].sort());

    // A date before the kept list cannot be brought up to it: the table is scanned, nothing written.
    const before = receivableIds(await scanned.list('2025-01-31'));
    expect(receivableIds(await deployed.list('2025-01-31'))).toEqual(before);
    // No list kept at all: the same.
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(receivableIds(await deployed.list(asOf))).toEqual(all);
  }, 300_000);
});
