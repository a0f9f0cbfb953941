/**
 * `recon breaks` on a fee charged above the contract: listed by its kind with the pt-BR label,
 * shown, accepted and undone by its reference, from the night's fee lines in the data directory's
 * bucket (no receivable read).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, LOCAL_BUCKET, LOCAL_TABLE } from '../../../cli/runner/data-dir';
import { writeOvercharges } from '../../../lambdas/core/fee-audit/overcharges-lake';
import { startLocalDynamo } from '../../../local/aws/dynamodb';
import { startLocalS3 } from '../../../local/aws/s3';
import { overchargeLine } from '../../support/overcharges';
import { cli } from './harness';

const AS_OF = '2025-04-10';
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-breaks-fees-cli-'));
  const paths = dataPaths(dataDir, 'sandbox');
  const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
  await dynamo.close();
  const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
  try {
    await writeOvercharges(s3.client, s3.bucket, '2025-04-09', {
      lines: [overchargeLine('CIELO|1023456|2025-03-01|574438|A|1', 60, { nsu: '574438' })],
      cleared: [],
    });
  } finally {
    await s3.close();
  }
}, 60_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('recon breaks on a fee above the contract', () => {
  it('lists it by kind, shows, accepts and undoes it', async () => {
    const common = ['--data-dir', dataDir, '--env', 'sandbox', '--as-of', AS_OF];
    const listFees = () =>
      cli(['breaks', 'list', '--kind', 'FEE_ABOVE_CONTRACT', ...common, '--format', 'jsonl']);
    const listed = await listFees();
    expect(listed.code).toBe(0);
    const rows = listed.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toMatchObject([
      {
        break_id: 'f:SALE|CIELO|1023456|2025-03-01|574438|A|1',
        kind: 'FEE_ABOVE_CONTRACT',
        status: 'PERSISTING',
        stake_cents: 60,
        first_seen: '2025-04-09',
      },
    ]);
    const ref = String(rows[0]?.ref);
    const table = await cli(['breaks', 'list', '--kind', 'FEE_ABOVE_CONTRACT', ...common]);
    expect(table.stdout).toContain('Taxa acima do contrato');
    expect(table.stdout).toContain('R$ 0,60');

    const accepted = await cli([
      'breaks',
      'accept',
      ref,
      '--reason',
      'arredondamento',
      '--note',
      'ok',
      '--as',
      'ana',
      ...common,
    ]);
    expect({ code: accepted.code, stderr: accepted.stderr }).toEqual({ code: 0, stderr: '' });
    expect((await cli(['breaks', 'show', ref, ...common])).stdout).toContain('Aceita');
    const open = await listFees();
    expect(open.stdout.trim()).toBe('');

    const undone = await cli(['breaks', 'undo', ref, '--as', 'ana', ...common]);
    expect({ code: undone.code, stderr: undone.stderr }).toEqual({ code: 0, stderr: '' });
    expect((await cli(['breaks', 'show', ref, ...common])).stdout).toContain('Persistente');
  }, 60_000);
});
