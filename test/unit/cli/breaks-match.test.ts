/**
 * `recon breaks match` on a data directory: an unexpected payment matched by reference to the late
 * forecast whose NSU the acquirer mistyped leaves the list, the forecast now paid short; `show` says
 * the match on both;
 * one of another merchant is refused (exit 4); `undo` brings both breaks back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, LOCAL_BUCKET, LOCAL_TABLE } from '../../../cli/runner/data-dir';
import { startLocalDynamo } from '../../../local/aws/dynamodb';
import { startLocalS3 } from '../../../local/aws/s3';
import { storeFor } from '../../support/recon-dynamo';
import { forecast, reconConfig, type SaleKey, saleKey, settlement } from '../../support/recon-records';
import { cli } from './harness';

const AS_OF = '2025-04-10';
const late = saleKey(1);
const mistyped: SaleKey = { ...late, nsu: '999001', authorization: 'X1' };
const elsewhere: SaleKey = { ...late, merchant: 'OTHER', nsu: '999002' };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-breaks-match-cli-'));
  const paths = dataPaths(dataDir, 'sandbox');
  const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
  await s3.close();
  const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
  try {
    await storeFor(dynamo.documentClient, dynamo.tableName, reconConfig(), { asOf: AS_OF }).applyRecords([
      forecast(late, 'a'.repeat(64), 10_000),
      settlement(mistyped, 'b'.repeat(64), 9_000),
      settlement(elsewhere, 'c'.repeat(64), 500),
    ]);
  } finally {
    await dynamo.close();
  }
}, 60_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('recon breaks match', () => {
  it('matches by reference, shows the match, refuses another merchant and undoes', async () => {
    const common = ['--data-dir', dataDir, '--env', 'sandbox', '--as-of', AS_OF];
    const list = async () =>
      (await cli(['breaks', 'list', ...common, '--format', 'jsonl'])).stdout
        .trimEnd()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { ref: string; break_id: string; kind: string; merchant: string });
    const before = await list();
    const ref = (kind: string, merchant = late.merchant) =>
      String(before.find((b) => b.kind === kind && b.merchant === merchant)?.ref);
    expect(before.map((b) => b.kind).sort()).toEqual(['LATE', 'UNEXPECTED', 'UNEXPECTED']);

    const why = ['--reason', 'NSU digitado errado', '--note', 'conferido no extrato', '--as', 'ana'];
    const refused = await cli([
      'breaks',
      'match',
      ref('UNEXPECTED', 'OTHER'),
      '--to',
      ref('LATE'),
      ...why,
      ...common,
    ]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('another acquirer or merchant');

    const matched = await cli(['breaks', 'match', ref('UNEXPECTED'), '--to', ref('LATE'), ...why, ...common]);
    expect({ code: matched.code, stderr: matched.stderr }).toEqual({ code: 0, stderr: '' });
    expect(matched.stdout).toContain('Conciliada à mão');
    // The late forecast is now paid R$ 10,00 short by the matched payment; it names that payment.
    const after = await list();
    expect(after.map((b) => [b.kind, b.merchant])).toEqual([
      ['PAID_SHORT', late.merchant],
      ['UNEXPECTED', 'OTHER'],
    ]);
    const forecastShown = await cli(['breaks', 'show', String(after[0]?.ref), ...common]);
    expect(forecastShown.stdout).toContain(
      `Pagamentos conciliados à mão com esta previsão: ${ref('UNEXPECTED')}`,
    );
    const shown = await cli(['breaks', 'show', ref('UNEXPECTED'), ...common]);
    expect(shown.stdout).toContain('conciliada com ACQ1|EC1|2025-03-01|100001|');
    expect(shown.stdout).toContain('ana');
    expect(shown.stdout).toContain('NSU digitado errado');

    const undone = await cli(['breaks', 'undo', ref('UNEXPECTED'), '--as', 'bia', ...common]);
    expect({ code: undone.code, stderr: undone.stderr }).toEqual({ code: 0, stderr: '' });
    expect((await list()).map((b) => b.kind).sort()).toEqual(['LATE', 'UNEXPECTED', 'UNEXPECTED']);

    // `--to` takes the forecast's match key too (an open forecast has no break to name).
    const key = String(before.find((b) => b.kind === 'LATE')?.break_id).slice('r:'.length);
    const byKey = await cli(['breaks', 'match', ref('UNEXPECTED'), '--to', key, ...why, ...common]);
    expect({ code: byKey.code, stderr: byKey.stderr }).toEqual({ code: 0, stderr: '' });
    expect((await list()).map((b) => b.kind)).toEqual(['PAID_SHORT', 'UNEXPECTED']);
  }, 120_000);
});
