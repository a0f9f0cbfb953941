/**
 * The end-to-end proof: a production period of the simulator's lifecycle dataset (payments,
 * advances, chargebacks, fees, with the bank columns the simulator writes) through the real path of
 * local/simulated-world.ts, with the simulated bank's OFX statements put where a deployed stack takes
 * them in (`bank/inbox/` of the lake bucket). Every expected deposit's and credit's result, as the
 * deposit match step stores it in the lake, equals the simulator's bank truth to the centavo: with the
 * statements before the financial report and after it, imported twice and overlapping. A malformed
 * statement in the inbox is quarantined with its reason and the night still completes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { DEPOSIT_COLUMNS } from '../../../cli/commands/deposits';
import { addDays } from '../../../lambdas/core/calendar';
import { BANK_INBOX_PREFIX, BANK_QUARANTINE_PREFIX } from '../../../lambdas/core/deposits/bank/lake-file';
import { isBusinessDay } from '../../../lambdas/core/deposits/business-days';
import { readDepositResults } from '../../../lambdas/core/deposits/results-lake';
import type { DepositResult } from '../../../lambdas/core/deposits/types';
import type { LocalWorld } from '../../../local/simulated-world';
import { startLifecycleWorld } from '../../support/lifecycle-world';

const PERIOD = { from: '2025-01-01', to: '2025-03-31' } as const;
const AS_OF = addDays(PERIOD.to, 1);
const GOLDEN = join(import.meta.dirname, '../../golden/bank');

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const start = () => startLifecycleWorld();

async function run(w: LocalWorld, force = false) {
  const result = await w.run({ ...PERIOD, asOf: AS_OF, force });
  expect(result.status, JSON.stringify(result.error ?? null)).toBe('SUCCEEDED');
}

/** Puts files into the inbox, as a user (or a bank's SFTP drop) does in a deployed stack. */
async function drop(w: LocalWorld, files: readonly { name: string; bytes: Uint8Array }[]) {
  for (const file of files) {
    await w.s3.client.send(
      new PutObjectCommand({
        Bucket: w.s3.bucket,
        Key: `${BANK_INBOX_PREFIX}${file.name}`,
        Body: file.bytes,
      }),
    );
  }
}

async function keysUnder(w: LocalWorld, prefix: string): Promise<string[]> {
  const listed = await w.s3.client.send(new ListObjectsCommand({ Bucket: w.s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key as string).sort();
}

/** The columns of `recon deposits`, compared field by field. */
const FIELDS = DEPOSIT_COLUMNS.slice(0, 9);
/** With the simulated bank's quirks, the estorno's columns too. */
const WITH_REVERSALS = [...FIELDS, 'reversalDate', 'reversalCents'] as const;
type Row = Partial<DepositResult>;
const rowOf = (r: Row, fields: readonly (keyof DepositResult)[] = FIELDS): Row =>
  Object.fromEntries(fields.map((f) => [f, r[f]])) as Row;
const order = (a: Row, b: Row) => JSON.stringify(a).localeCompare(JSON.stringify(b));

async function storedResults(
  w: LocalWorld,
  fields: readonly (keyof DepositResult)[] = FIELDS,
): Promise<Row[]> {
  const results = await readDepositResults(w.s3.client, w.s3.bucket, { from: PERIOD.from, to: AS_OF });
  return results.map((r) => rowOf(r, fields)).sort(order);
}

function truthOf(w: LocalWorld, quirks = false, fields: readonly (keyof DepositResult)[] = FIELDS): Row[] {
  return w.simulator
    .bankTruth({ ...PERIOD, asOf: AS_OF, windowBusinessDays: 2, quirks })
    .results.map((r) => rowOf(r, fields))
    .sort(order);
}

function statements(w: LocalWorld, quirks = false) {
  return w.simulator.statements({ ...PERIOD, asOf: AS_OF, quirks }).files;
}

describe('the bank leg end to end (production, variance, overlapping statements)', () => {
  it('statements before the report: every deposit and credit equals the bank truth; a bad file is quarantined', async () => {
    world = await start();
    const files = statements(world);
    const notOfx = {
      name: 'not-ofx.ofx',
      bytes: new Uint8Array(await readFile(join(GOLDEN, 'not-ofx.ofx'))),
    };
    await drop(world, [...files, notOfx]);
    await run(world);

    const truth = truthOf(world);
    // The period holds every case the simulated bank makes, so "equal" is a strong statement.
    expect(new Set(truth.map((r) => r.status))).toEqual(
      new Set(['DEPOSITED', 'DEPOSIT_DIFFERS', 'NOT_DEPOSITED', 'UNEXPLAINED_CREDIT', 'NO_DEPOSIT_DUE']),
    );
    expect(await storedResults(world)).toEqual(truth);
    expect(await keysUnder(world, BANK_INBOX_PREFIX)).toEqual([]);
    const reasons = (await keysUnder(world, BANK_QUARANTINE_PREFIX)).filter((k) => k.endsWith('.json'));
    expect(reasons).toHaveLength(1);
    const reason = await world.s3.client.send(
      new GetObjectCommand({ Bucket: world.s3.bucket, Key: reasons[0] as string }),
    );
    expect(await reason.Body?.transformToString()).toContain('NOT_OFX');

    // Every statement again (a bank re-exporting, a user uploading twice) and a forced re-run: same results.
    await drop(world, files);
    await run(world, true);
    expect(await storedResults(world)).toEqual(truth);
  }, 120_000);

  it('what real banks also do (credits on a Saturday or holiday payment date, an estorno, their amount forms, balance lines, CDATA): equal to the truth', async () => {
    world = await start();
    await drop(world, statements(world, true));
    await run(world);
    const truth = truthOf(world, true, WITH_REVERSALS);
    expect(new Set(truth.map((r) => r.status))).toContain('DEPOSIT_REVERSED');
    const closedDay = truth.filter(
      (r) =>
        r.status === 'DEPOSITED' && r.creditDate === r.paymentDate && !isBusinessDay(r.paymentDate as string),
    );
    expect(closedDay.length).toBeGreaterThan(0);
    expect(await storedResults(world, WITH_REVERSALS)).toEqual(truth);
  }, 120_000);

  it('statements after the report, in two overlapping halves: the same results', async () => {
    world = await start();
    await run(world);
    expect(await storedResults(world)).toEqual([]);
    const files = statements(world);
    const half = Math.ceil(files.length / 2);
    await drop(world, files.slice(half));
    await run(world, true);
    // Then every file, the later half again among them.
    await drop(world, files);
    await run(world, true);
    expect(await storedResults(world)).toEqual(truthOf(world));
  }, 120_000);
});
