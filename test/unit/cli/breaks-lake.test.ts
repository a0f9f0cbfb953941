/**
 * `recon breaks` in-process copies every decision to the data directory's bucket as it takes it, so
 * `recon query decisions_by_person` reads it back from the lake.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, LOCAL_TABLE } from '../../../cli/runner/data-dir';
import { businessDate } from '../../../lambdas/core/calendar';
import { startLocalDynamo } from '../../../local/aws/dynamodb';
import { storeFor } from '../../support/recon-dynamo';
import { forecast, hexHash, reconConfig, saleKey, settlement } from '../../support/recon-records';
import { cli } from './harness';

const AS_OF = '2025-04-10';
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-breaks-lake-cli-'));
  const paths = dataPaths(dataDir, 'sandbox');
  // A data directory as `recon run` leaves it: one receivable paid R$ 0,07 short.
  const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
  try {
    await storeFor(dynamo.documentClient, dynamo.tableName, reconConfig(), { asOf: AS_OF }).applyRecords([
      forecast(saleKey(1), hexHash('f1'), 10_000),
      settlement(saleKey(1), hexHash('s1'), 9_993),
    ]);
  } finally {
    await dynamo.close();
  }
}, 60_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const lines = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('recon breaks and the lake', () => {
  it('puts each decision in the bucket, where the named query finds it', async () => {
    const common = ['--data-dir', dataDir, '--env', 'sandbox', '--as-of', AS_OF, '--format', 'jsonl'];
    const listed = await cli(['breaks', 'list', ...common]);
    expect(listed.code).toBe(0);
    const [only] = lines(listed.stdout);
    const ref = String(only?.ref);
    for (const args of [
      ['treat', ref, '--note', 'ligar', '--as', 'ana'],
      ['undo', ref, '--as', 'ana'],
    ]) {
      const decided = await cli(['breaks', ...args, ...common]);
      expect({ code: decided.code, stderr: decided.stderr }).toEqual({ code: 0, stderr: '' });
    }
    const today = businessDate(new Date());
    const queried = await cli([
      'query',
      'decisions_by_person',
      '--param',
      `from=${today}`,
      '--param',
      `to=${today}`,
      ...['--data-dir', dataDir, '--env', 'sandbox', '--format', 'jsonl'],
    ]);
    expect({ code: queried.code, stderr: queried.stderr }).toEqual({ code: 0, stderr: '' });
    expect(lines(queried.stdout)).toMatchObject([{ actor: 'ana', decisions: 2, treated: 1, undone: 1 }]);
  }, 60_000);
});
