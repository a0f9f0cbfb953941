/**
 * `recon breaks match` on the bank leg, on a data directory whose deposit results a night stored:
 * an unexplained credit matched by reference to the missing deposit it is (the command tells the side
 * by the breaks' kinds); refused with exit code 4 and nothing written when the break is not an
 * unexplained credit, the target is not missing or differing, is of another account or acquirer, or
 * either is already matched; `show` says the match, `undo` takes it back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, LOCAL_TABLE } from '../../../cli/runner/data-dir';
import { matchDeposits } from '../../../lambdas/core/deposits/match';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import { startLocalDynamo } from '../../../local/aws/dynamodb';
import { storeDepositResults } from '../../support/data-dir-lake';
import { bankCredit, depositsConfig, expectedDeposit } from '../../support/deposits';
import { cli, jsonlRows } from './harness';

const AS_OF = '2025-03-20';
const OTHER_ACCOUNT = '1/2/3';
// Missing on two accounts, one paid in full; credits before the windows, one naming Rede.
const RESULTS = matchDeposits({
  expected: [
    expectedDeposit({ paymentDate: '2025-03-10', expectedCents: 700_00 }),
    expectedDeposit({ paymentDate: '2025-03-10', expectedCents: 80_00, bankAccount: OTHER_ACCOUNT }),
    expectedDeposit({ paymentDate: '2025-03-12', expectedCents: 300_00 }),
  ],
  credits: [
    bankCredit({ postedDate: '2025-03-07', amountCents: 700_00, identity: 'ted', memo: 'TED RECEBIDA' }),
    bankCredit({ postedDate: '2025-03-07', amountCents: 20_00, identity: 'rede', memo: 'REDE AGIL' }),
    bankCredit({ postedDate: '2025-03-08', amountCents: 50_00, identity: 'doc', memo: 'DOC' }),
    bankCredit({ postedDate: '2025-03-12', amountCents: 300_00, identity: 'paid' }),
  ],
  asOf: AS_OF,
  config: depositsConfig(),
});
const PAID = depositIdentity(RESULTS.find((r) => r.status === 'DEPOSITED') as (typeof RESULTS)[number]);
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'recon-breaks-match-deposit-cli-'));
  await (
    await startLocalDynamo({ path: dataPaths(dataDir, 'sandbox').dynamodb, tableName: LOCAL_TABLE })
  ).close();
  await storeDepositResults(dataDir, RESULTS, { from: '2025-03-01', to: AS_OF });
}, 60_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('recon breaks match, an unexplained credit to its deposit', () => {
  it('refuses with exit code 4 and writes nothing, then matches, shows and undoes', async () => {
    const common = ['--data-dir', dataDir, '--env', 'sandbox', '--as-of', AS_OF];
    const listed = await jsonlRows<{ ref: string; kind: string; stake_cents: number }>([
      'breaks',
      'list',
      ...common,
      '--all',
    ]);
    const ref = (kind: string, stake: number) =>
      String(listed.find((b) => b.kind === kind && b.stake_cents === stake)?.ref);
    const [credit, rede, doc, missing, elsewhere] = [
      ref('UNEXPLAINED_CREDIT', 700_00),
      ref('UNEXPLAINED_CREDIT', 20_00),
      ref('UNEXPLAINED_CREDIT', 50_00),
      ref('DEPOSIT_MISSING', 700_00),
      ref('DEPOSIT_MISSING', 80_00),
    ];
    const why = ['--reason', 'TED da Cielo', '--note', 'conferido no extrato', '--as', 'ana'];
    const match = (from: string, to: string) => cli(['breaks', 'match', from, '--to', to, ...why, ...common]);
    const history = async (ref: string) =>
      (await cli(['breaks', 'history', ref, ...common, '--format', 'jsonl'])).stdout;

    const refusals: [string, string, string][] = [
      [missing, credit, 'only an unexplained credit'],
      [credit, PAID, 'not missing or differing'],
      [credit, elsewhere, 'another bank account'],
      [rede, missing, 'another acquirer'],
    ];
    for (const [from, to, message] of refusals) {
      const refused = await match(from, to);
      expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 4, stdout: '' });
      expect(refused.stderr).toContain(message);
    }
    for (const ref of [credit, rede, missing]) expect(await history(ref)).toBe('');

    const matched = await match(credit, missing);
    expect({ code: matched.code, stderr: matched.stderr }).toEqual({ code: 0, stderr: '' });
    expect(matched.stdout).toContain('Conciliada à mão');
    const shown = await cli(['breaks', 'show', credit, ...common]);
    expect(shown.stdout).toContain(`conciliada com d:2025-03-10|CIELO|`);
    expect(shown.stdout).toContain('TED da Cielo');
    // The deposit, still missing until the night's match, names the credit matched to it.
    const deposit = await cli(['breaks', 'show', missing, ...common]);
    expect(deposit.stdout).toContain(`Créditos conciliados à mão com este depósito: ${credit}`);

    const again = await match(credit, missing);
    expect(again.code).toBe(4);
    expect(again.stderr).toContain('already matched');
    const another = await match(doc, missing);
    expect(another.code).toBe(4);
    expect(another.stderr).toContain('already matched by hand');

    const undone = await cli(['breaks', 'undo', credit, '--as', 'bia', ...common]);
    expect({ code: undone.code, stderr: undone.stderr }).toEqual({ code: 0, stderr: '' });
    const after = await cli(['breaks', 'show', credit, ...common, '--format', 'jsonl']);
    expect(after.stdout).not.toContain('MATCHED');
  }, 120_000);
});
