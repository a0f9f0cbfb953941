/** `recon bank import` as a user runs it: per-file lines on stdout, quarantines on stderr, exit codes. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliProcess } from './spawn-cli';

const golden = (name: string) => fileURLToPath(new URL(`../golden/bank/${name}`, import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/bank/${name}`, import.meta.url));

describe('recon bank import', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'recon-bank-e2e-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes the good file in, quarantines the malformed one on stderr, exits 1; a re-import adds nothing and exits 0', async () => {
    const mixed = await runCliProcess([
      'bank',
      'import',
      golden('itau-sgml-1252.ofx'),
      golden('truncated.ofx'),
      '--data-dir',
      dataDir,
      '--env',
      'production',
    ]);
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toBe('itau-sgml-1252.ofx: 5 transactions taken, 5 new (341/1234/567890)\n');
    expect(mixed.stderr).toContain('truncated.ofx: quarantined, BROKEN_STRUCTURE');
    expect(mixed.stderr).toContain('1 of 2 files not taken in');

    const again = await runCliProcess([
      'bank',
      'import',
      golden('itau-sgml-1252.ofx'),
      '--data-dir',
      dataDir,
      '--env',
      'production',
    ]);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toBe('itau-sgml-1252.ofx: 5 transactions taken, 0 new (341/1234/567890)\n');
  });

  it('counts the balance lines a bank lists among its transactions, and takes the rest in', async () => {
    const outcome = await runCliProcess([
      'bank',
      'import',
      fixture('bb-saldo-lines.ofx'),
      '--data-dir',
      dataDir,
    ]);
    expect(outcome).toMatchObject({ code: 0, stderr: '' });
    expect(outcome.stdout).toBe(
      'bb-saldo-lines.ofx: 1 transaction taken, 1 new, 3 balance lines skipped (1/1234/987654)\n',
    );
  });

  it('recon deposits right after an import says what to run, never an empty list with exit 0', async () => {
    const imported = await runCliProcess([
      'bank',
      'import',
      golden('itau-sgml-1252.ofx'),
      '--data-dir',
      dataDir,
    ]);
    expect(imported.code).toBe(0);
    const listed = await runCliProcess(['deposits', '--data-dir', dataDir]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toContain('run `recon run`');
  });

  it('exits 1 when a transaction inside a taken file was quarantined, naming it', async () => {
    const outcome = await runCliProcess([
      'bank',
      'import',
      golden('bad-transactions.ofx'),
      '--data-dir',
      dataDir,
    ]);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('bad-transactions.ofx: 1 transaction taken, 1 new (237/1/777)\n');
    expect(outcome.stderr).toContain(
      'BAD_DATE: bad-transactions.ofx: account 237/1/777, transaction 1 (FITID A)',
    );
    expect(outcome.stderr).toContain('BAD_AMOUNT');
  });
});
