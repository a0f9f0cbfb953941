/**
 * The pendências as a finance person works them with the CLI alone, on the demo: the morning's list
 * taken to zero by matching by hand, disputing, accepting and treating (a selection at a time), two decisions undone,
 * `verify` intact; the next night keeps every decision and its message says what is new; an event
 * altered in the stored table makes `verify` fail naming it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { breakEvent } from '../../lambdas/core/breaks/break-entities';
import type { RunSummary } from '../../lambdas/core/report/types';
import { startLocalDynamo } from '../../local/aws/dynamodb';
import { cli as inProcess } from '../unit/cli/harness';
import { runCliProcess } from './spawn-cli';
import { tempDataDir } from './support';

interface Row {
  readonly ref: string;
  readonly break_id: string;
  readonly kind: string;
  readonly acquirer: string;
  readonly merchant: string;
  readonly status: string;
  readonly version: number;
}

const rows = (jsonl: string) =>
  jsonl
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);

describe('recon breaks on the demo, CLI only', () => {
  it('takes the list to zero, undoes two, keeps every decision the next night, and detects tampering', async () => {
    const dataDir = await tempDataDir();
    // The runs as a user starts them; the score of breaks commands in-process (the same program and
    // argv), which spares each a process start beside the suite.
    const cli = async (args: readonly string[], code = 0) => {
      const argv = [...args, '--data-dir', dataDir];
      const env = { RECON_OPERATOR: 'ana' };
      const out = args[0] === 'run' ? await runCliProcess(argv, env) : await inProcess(argv, env);
      expect(out.code, out.stderr).toBe(code);
      return out;
    };
    await cli(['run', '--from', '2025-01-01', '--to', '2025-03-14', '--as-of', '2025-03-15']);
    const morning = rows((await cli(['breaks', 'list', '--format', 'jsonl'])).stdout);
    expect(morning.length).toBeGreaterThan(10);
    // Every break is first seen by this first run, a missing deposit whose window ended weeks ago too:
    // nobody looked at it before tonight.
    expect(morning.filter((b) => b.status !== 'NEW')).toEqual([]);
    expect(morning.some((b) => b.kind === 'DEPOSIT_MISSING')).toBe(true);

    // An unexpected payment matched by hand to a late forecast of its acquirer and merchant (an NSU the
    // acquirer typed wrong): it leaves the list, and the forecast's break is what its money now says.
    const place = (b: Row) => `${b.acquirer}|${b.merchant}`;
    const lateOf = (b: Row) => morning.find((l) => l.kind === 'LATE' && place(l) === place(b));
    const payment = morning.find((b) => b.kind === 'UNEXPECTED' && lateOf(b));
    const forecast = payment && lateOf(payment);
    if (!payment || !forecast) throw new Error('an unexpected payment beside a late forecast expected');
    await cli([
      'breaks',
      'match',
      payment.ref,
      '--to',
      forecast.ref,
      '--reason',
      'NSU errado',
      '--note',
      'ok',
    ]);
    const worked = rows((await cli(['breaks', 'list', '--format', 'jsonl'])).stdout);
    expect(worked.some((b) => b.break_id === payment.break_id)).toBe(false);
    expect(worked.find((b) => b.break_id === forecast.break_id)?.kind).not.toBe('LATE');

    const kinds = [...new Set(worked.map((b) => b.kind))].sort();
    for (const kind of kinds) {
      const decision =
        kind === 'CHARGEBACK'
          ? ['dispute', '--note', 'contestado', '--ticket', 'CB-7']
          : kind === 'PAID_SHORT' || kind === 'PAID_OVER'
            ? ['accept', '--reason', 'arredondamento', '--note', 'centavos']
            : ['treat', '--note', 'cobrado da adquirente', '--assignee', 'ana'];
      const decided = rows((await cli(['breaks', ...decision, '--kind', kind, '--format', 'jsonl'])).stdout);
      expect(decided.length).toBe(worked.filter((b) => b.kind === kind).length);
    }
    expect((await cli(['breaks', 'list'])).stdout).toMatch(/^0 pendências, R\$ 0,00$/m);

    // A decision on a stale read is refused and changes nothing; a reason not configured too.
    const [first, second] = worked;
    if (!first || !second) throw new Error('two breaks expected');
    await cli(['breaks', 'treat', first.ref, '--note', 'x', '--expect', '0'], 3);
    await cli(['breaks', 'accept', first.ref, '--reason', 'porque-sim', '--note', 'x'], 4);
    await cli(['breaks', 'undo', first.ref]);
    await cli(['breaks', 'undo', second.ref]);
    const reopenedToWork = rows((await cli(['breaks', 'list', '--format', 'jsonl'])).stdout);
    expect(reopenedToWork.map((b) => b.ref).sort()).toEqual([first.ref, second.ref].sort());
    const history = (await cli(['breaks', 'history', first.ref])).stdout;
    expect(history).toMatch(/^1 +\d\d\/\d\d\/\d{4} \d\d:\d\d \(horário de Brasília\) +ana +\S+ +— → \S/m);
    expect(history).toMatch(/^2 .* ana +desfeito #1 +.+ → —/m);
    expect((await cli(['breaks', 'verify'])).stdout).toMatch(
      /audit chain intact: \d+ breaks decided, \d+ events/,
    );

    // The next night: every decision kept, the message leads with what is new.
    const decidedBefore = rows((await cli(['breaks', 'list', '--all', '--format', 'jsonl'])).stdout);
    const next = await cli([
      'run',
      '--json',
      '--from',
      '2025-03-15',
      '--to',
      '2025-03-31',
      '--as-of',
      '2025-04-01',
    ]);
    const summary = JSON.parse(next.stdout) as RunSummary;
    const after = new Map(
      rows((await cli(['breaks', 'list', '--all', '--format', 'jsonl'])).stdout).map((b) => [b.break_id, b]),
    );
    // Nothing the next night brings touches these receivables' money: every decision stands as taken.
    const decided = decidedBefore.filter((b) => ['IN_TREATMENT', 'DISPUTED', 'ACCEPTED'].includes(b.status));
    expect(decided.length).toBe(worked.length - 2);
    const standing = ({
      age_days: _d,
      age_bucket: _b,
      ...rest
    }: Row & { age_days?: number; age_bucket?: string }) => rest;
    for (const before of decided)
      expect(standing(after.get(before.break_id) ?? before)).toEqual(standing(before));
    expect(decided.every((b) => after.has(b.break_id))).toBe(true);
    const message = await readFile(
      join(dataDir, 'sandbox', 'summaries', `run=${summary.runId}`, 'notification.txt'),
      'utf8',
    );
    expect(message.split('\n')[1]).toBe('Pendências:');
    expect(message).toMatch(/ {2}Nova: \d+ pendências?, R\$ [\d.,]+\n/);
    expect(message).toMatch(/diferenças aceitas, R\$/);

    // Someone edits a stored event by hand: verify names it and fails.
    const victim = decidedBefore.find((b) => b.status === 'ACCEPTED');
    if (!victim) throw new Error('an accepted break expected');
    const dynamo = await startLocalDynamo({ path: join(dataDir, 'sandbox', 'dynamodb'), tableName: 'recon' });
    try {
      await dynamo.documentClient.send(
        new UpdateCommand({
          TableName: 'recon',
          Key: breakEvent.key(victim.break_id, 1),
          UpdateExpression: 'SET actor = :who',
          ExpressionAttributeValues: { ':who': 'mallory' },
        }),
      );
    } finally {
      await dynamo.close();
    }
    const tampered = await cli(['breaks', 'verify'], 5);
    expect(tampered.stdout).toContain(`${victim.break_id} #1: altered: its content does not match its hash`);
    expect(tampered.stderr).toMatch(/audit chain broken: 1 problem/);
  }, 360_000); // two demo runs and a score of CLI calls: minutes beside the suite on 2 cores
});
