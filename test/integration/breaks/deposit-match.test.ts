/**
 * Manual match of a credit on dynalite and s3rver, through the real path: records applied to the
 * book, bank statements put in the inbox, the night's deposit match step (runtime/deps/deposits.ts)
 * and the breaks service as `recon breaks` opens it. An unexplained credit linked to the missing
 * deposit it is: the next match stores the deposit confirmed with that credit and no unexplained
 * credit, a re-run, the statement imported again and a backfill change no byte, an undo and the next
 * match give back the results of before, and a credit of its own that arrives later for the deposit
 * counts alone while the linked one is flagged (its break reopened), never both.
 */
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { DecisionRefusedError } from '../../../lambdas/core/breaks/decision';
import { BANK_INBOX_PREFIX } from '../../../lambdas/core/deposits/bank/lake-file';
import { depositIdentity } from '../../../lambdas/core/deposits/result-identity';
import { readDepositResults } from '../../../lambdas/core/deposits/results-lake';
import type { DepositResult } from '../../../lambdas/core/deposits/types';
import { buildBreaksService } from '../../../lambdas/runtime/deps/breaks';
import { buildDepositMatchDeps } from '../../../lambdas/runtime/deps/deposits';
import { freshTable, localStoresPerFile, storeFor } from '../../support/recon-dynamo';
import { forecast, reconConfig, saleKey, settlement } from '../../support/recon-records';

const stores = localStoresPerFile();
const config = reconConfig();
const AS_OF = '2025-03-11';
/** Nights after the first: a match and an undo must not make the breaks look new. */
const NEXT_NIGHT = '2025-03-12';
const LATER_NIGHT = '2025-03-13';
const now = () => new Date(`${AS_OF}T12:00:00.000Z`);
const ITAU = { code: '0341', branch: '1234', account: '56789-0' };
const sale = { ...saleKey(1), acquirer: 'CIELO', saleDate: '2025-03-01' };
const why = { reason: 'crédito sem histórico', note: 'conferido com a Cielo' };

interface Line {
  readonly date: string;
  readonly amount: string;
  readonly fitid: string;
  readonly memo: string;
}

/** An Itaú OFX statement (SGML, as the bank exports it) of the account the records name. */
function statement(lines: readonly Line[]): string {
  const transactions = lines.map(
    (l) =>
      `<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>${l.date.replaceAll('-', '')}\n<TRNAMT>${l.amount}\n<FITID>${l.fitid}\n<MEMO>${l.memo}\n</STMTTRN>`,
  );
  return [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n',
    '<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>BRL',
    '<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>56789-0\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>',
    `<BANKTRANLIST>\n<DTSTART>20250301\n<DTEND>20250311\n${transactions.join('\n')}\n</BANKTRANLIST>`,
    '</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n',
  ].join('\n');
}

// The deposit of 6 March (R$ 987,65) never came with the acquirer's name: a credit of that amount the
// day before, memo empty, is outside its window, so the data leaves both open.
const FIRST = statement([
  { date: '2025-03-05', amount: '987.65', fitid: 'F0305', memo: '' },
  { date: '2025-03-05', amount: '10.50', fitid: 'R0305', memo: 'REDE AGIL' },
  { date: '2025-03-04', amount: '500.00', fitid: 'C0304', memo: 'CRED CIELO VENDAS' },
]);
// What the bank later also shows: a credit of the deposit's own, in its window, naming Cielo.
const LATER = statement([{ date: '2025-03-07', amount: '987.65', fitid: 'F0307', memo: 'CRED CIELO' }]);

let buckets = 0;
async function world() {
  const { dynamo, s3 } = stores;
  const tableName = await freshTable(dynamo);
  buckets += 1;
  const bucket = `deposit-match-${process.pid}-${buckets}`;
  await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
  await storeFor(dynamo.documentClient, tableName, config, { asOf: AS_OF }).applyRecords([
    forecast(sale, 'a'.repeat(64), 987_65, '2025-03-06'),
    {
      ...settlement(sale, 'b'.repeat(64), 987_65, '2025-03-06'),
      bankCode: ITAU.code,
      bankBranch: ITAU.branch,
      bankAccountNumber: ITAU.account,
    },
  ]);
  const wiring = { ddb: dynamo.documentClient, tableName, s3: s3.client, bucket, reconConfig: config, now };
  const match = buildDepositMatchDeps(wiring);
  const breaks = buildBreaksService({ ...wiring, matchAsOf: () => AS_OF });
  const drop = (name: string, body: string) =>
    s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: `${BANK_INBOX_PREFIX}${name}`, Body: body }));
  const night = async (from = '2025-03-01', asOf = AS_OF) => {
    const result = await match({ from, asOf });
    expect(result.state).toBe('ON');
  };
  const stored = async (): Promise<DepositResult[]> =>
    (await readDepositResults(s3.client, bucket, { from: '2025-02-01', to: LATER_NIGHT })).sort((a, b) =>
      `${depositIdentity(a)}|${a.creditIdentity}`.localeCompare(`${depositIdentity(b)}|${b.creditIdentity}`),
    );
  const idOf = async (kind: string, stakeCents: number) =>
    (await breaks.list(AS_OF)).find((b) => b.kind === kind && b.stakeCents === stakeCents)?.id as string;
  const decide = (breakId: string, request: Parameters<typeof breaks.decide>[0]['request']) =>
    breaks.decide({ breakId, request, actor: 'ana', asOf: AS_OF });
  // The first statement and its night: the credit and the deposit a person will match.
  await drop('first.ofx', FIRST);
  await night();
  const [credit, deposit] = [await idOf('UNEXPLAINED_CREDIT', 987_65), await idOf('DEPOSIT_MISSING', 987_65)];
  return { breaks, drop, night, stored, idOf, decide, credit, deposit };
}

/** Each bank credit counted once: in its deposit's line or on its own, never both. */
const creditsCounted = (results: readonly DepositResult[]) =>
  results.flatMap((r) => (r.creditIdentity === null ? [] : [r.creditIdentity])).sort();

describe('manual match of a credit to its deposit', () => {
  it('confirms the deposit at the next match, holds on re-runs, re-imports and backfills, and one undo gives back the results of before', async () => {
    const w = await world();
    const { credit, deposit } = w;
    const before = await w.stored();
    expect(before.find((r) => depositIdentity(r) === deposit)?.status).toBe('NOT_DEPOSITED');

    const decided = await w.decide(credit, { action: 'match', to: deposit, ...why });
    expect(decided.view.status).toBe('MATCHED');
    expect(decided.event).toMatchObject({ action: 'match', actor: 'ana', before: null });
    expect(decided.event.after).toMatchObject({ status: 'MATCHED', matchedTo: deposit, reason: why.reason });

    await w.night('2025-03-01', NEXT_NIGHT);
    const linked = await w.stored();
    const line = linked.find((r) => depositIdentity(r) === deposit);
    expect(line).toMatchObject({
      status: 'DEPOSITED',
      manualMatch: 'LINKED',
      creditCents: 987_65,
      differenceCents: 0,
      creditIdentity: before.find((r) => depositIdentity(r) === credit)?.creditIdentity,
    });
    expect(linked.some((r) => depositIdentity(r) === credit)).toBe(false);
    expect(creditsCounted(linked)).toEqual(creditsCounted(before));
    const listed = await w.breaks.list(AS_OF);
    expect(listed.find((b) => b.id === deposit)).toBeUndefined();
    expect(listed.find((b) => b.id === credit)?.status).toBe('MATCHED');

    // The same night again, the statement imported again, and a backfill from February: not a byte moves.
    await w.night('2025-03-01', NEXT_NIGHT);
    await w.drop('again.ofx', FIRST);
    await w.night('2025-03-01', NEXT_NIGHT);
    await w.night('2025-02-01', NEXT_NIGHT);
    expect(await w.stored()).toEqual(linked);

    const undone = await w.decide(credit, { action: 'undo' });
    expect(undone.event).toMatchObject({ action: 'undo', undoes: 1, after: null });
    // Two nights later: the results of before, each first seen on the night it was.
    await w.night('2025-03-01', LATER_NIGHT);
    expect(await w.stored()).toEqual(before);
    const again = await w.breaks.list(LATER_NIGHT);
    for (const id of [credit, deposit]) {
      expect(again.find((b) => b.id === id)).toMatchObject({ status: 'PERSISTING', firstSeen: AS_OF });
    }
  }, 120_000);

  it('a credit of its own that arrives later counts alone; the linked credit is flagged and its break reopened', async () => {
    const w = await world();
    const { credit, deposit } = w;
    await w.decide(credit, { action: 'match', to: deposit, ...why });
    await w.night();

    await w.drop('later.ofx', LATER);
    await w.night();
    const results = await w.stored();
    const own = results.find((r) => depositIdentity(r) === deposit);
    expect(own).toMatchObject({ status: 'DEPOSITED', creditCents: 987_65 });
    expect(own?.manualMatch).toBeUndefined();
    expect(results.find((r) => depositIdentity(r) === credit)).toMatchObject({
      status: 'UNEXPLAINED_CREDIT',
      manualMatch: 'CONFLICT',
    });
    // Both credits once each: the deposit's 987,65 is not counted twice.
    const counted = creditsCounted(results);
    expect(new Set(counted).size).toBe(counted.length);
    expect(results.filter((r) => r.status === 'DEPOSITED').map((r) => r.creditCents)).toEqual([987_65]);
    const view = (await w.breaks.list(AS_OF)).find((b) => b.id === credit);
    expect(view).toMatchObject({ status: 'REOPENED', decision: { status: 'MATCHED', matchedTo: deposit } });
  }, 120_000);

  it('refuses what the data does not allow, writing nothing', async () => {
    const w = await world();
    const { credit, deposit } = w;
    const rede = await w.idOf('UNEXPLAINED_CREDIT', 10_50);
    const cielo = await w.idOf('UNEXPLAINED_CREDIT', 500_00);
    const refusals: [string, string, RegExp][] = [
      [rede, deposit, /another acquirer/],
      [credit, cielo, /no expected deposit/],
      [deposit, deposit, /only an unexplained credit/],
      [credit, 'd:2025-03-06|CIELO|1/2/3|', /no expected deposit/],
    ];
    for (const [from, to, message] of refusals) {
      const refused = w.decide(from, { action: 'match', to, ...why });
      await expect(refused).rejects.toThrow(DecisionRefusedError);
      await expect(refused).rejects.toThrow(message);
    }
    expect((await w.breaks.list(AS_OF)).filter((b) => b.decision !== null)).toEqual([]);

    await w.decide(credit, { action: 'match', to: deposit, ...why });
    // Either already matched: the credit again, and another credit to the same deposit.
    await expect(w.decide(credit, { action: 'match', to: deposit, ...why })).rejects.toThrow(
      /already matched/,
    );
    await expect(w.decide(cielo, { action: 'match', to: deposit, ...why })).rejects.toThrow(
      /already matched by hand/,
    );
    expect(await w.breaks.history(cielo)).toEqual([]);
  }, 120_000);
});
