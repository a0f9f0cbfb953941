import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../unit/cli/harness';
import { runCliProcess } from './spawn-cli';
import { tempDataDir } from './support';

const HEADER =
  'acquirer,brand,product,installmentsFrom,installmentsTo,mdrPercent,advanceMonthlyPercent,effectiveFrom';

describe('recon run --contract-rates with a bad table', () => {
  it('exits 2 naming each bad row and its reason, before anything runs', async () => {
    const dataDir = await tempDataDir();
    const table = join(dataDir, '..', 'rates.csv');
    await writeFile(
      table,
      [
        HEADER,
        '1,VISA,DEBIT,1,1,0.99,1.5,2025-01-01',
        '1,VISA,PIX,1,1,0.99,1.5,2025-01-01',
        '1,VISA,CREDIT,1,1,-2,1.5,2025-01-01',
        '1,MASTER,CREDIT,1,1,2,1.5,30/02/2025',
        '1,VISA,INSTALLMENT_CREDIT,2,6,2,1.5,2025-01-01',
        '1,VISA,INSTALLMENT_CREDIT,5,12,2,1.5,2025-01-01',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await runCliProcess(
      ['run', '--data-dir', dataDir, '--contract-rates', table],
      {},
    );
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('row 3: unknown product "PIX"');
    expect(stderr).toContain('row 4: mdrPercent -2 is negative');
    expect(stderr).toContain('row 5: effectiveFrom "30/02/2025" is not a date');
    expect(stderr).toContain('row 7: installments 5-12 overlap row 6');
    // Nothing ran: no local state was created.
    expect(existsSync(join(dataDir, 'sandbox'))).toBe(false);
  });

  it('reads a table as Excel saves it in pt-BR and names the row and column of a rate that is no percent', async () => {
    const dataDir = await tempDataDir();
    const table = join(dataDir, '..', 'rates-excel.csv');
    const rows = [
      HEADER.replaceAll(',', ';'),
      '1;Visa;CREDIT;1;1;2,39;1,79;01/01/2025',
      ';;;;;;;',
      '1;Elô;CREDIT;1;1;239;1,79;01/01/2025',
    ];
    await writeFile(table, `\uFEFF${rows.join('\r\n')}\r\n`);
    const { code, stderr } = await runCliProcess(
      ['run', '--data-dir', dataDir, '--contract-rates', table],
      {},
    );
    expect(code).toBe(2);
    expect(stderr).not.toContain('header must be');
    expect(stderr).not.toContain('row 2');
    expect(stderr).not.toContain('row 3');
    expect(stderr).toContain('row 4: mdrPercent 239 is above 20%');
  });

  it('keeps a good table for the run and lists the audit with recon receivables', async () => {
    const dataDir = await tempDataDir();
    const table = join(dataDir, '..', 'rates.csv');
    // The built-in simulator prices one-payment VISA sales at 1.50% and MASTERCARD at 1.90%.
    const rows = ['CIELO', 'REDE', 'STONE', 'GETNET'].flatMap((acquirer) => [
      `${acquirer},VISA,ANY,1,1,1.50,2,2024-01-01`,
      `${acquirer},MASTERCARD,ANY,1,1,"1,00",2,01/01/2024`,
    ]);
    await writeFile(table, [HEADER, ...rows].join('\n'));
    const simulator = ['--sim-seed', '11', '--sim-sales', '40', '--sim-page-size', '200'];
    const run = await runCliProcess([
      'run',
      '--json',
      '--data-dir',
      dataDir,
      '--contract-rates',
      table,
      ...simulator,
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).feeAudit).toMatchObject({ state: 'ON' });

    const listed = await cli(['receivables', '--data-dir', dataDir, '--format', 'jsonl']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const withAudit = (audit: string) => lines.filter((l) => l.feeAudit === audit);
    expect(withAudit('OK').length).toBeGreaterThan(0);
    expect(withAudit('OK').every((l) => l.contractMdrPercent === '1.5' && l.feeDifferenceCents === 0)).toBe(
      true,
    );
    const above = withAudit('FEE_ABOVE_CONTRACT');
    expect(above.length).toBeGreaterThan(0);
    for (const l of above) {
      expect(l.contractMdrPercent).toBe('1');
      expect(l.feeDifferenceCents).toBe((l.chargedFeeCents as number) - (l.contractFeeCents as number));
      expect(l.feeDifferenceCents as number).toBeGreaterThan(1);
    }
    expect(withAudit('NO_CONTRACT_RATE').length).toBeGreaterThan(0);
    // A receivable without a forecast is not audited.
    expect(lines.filter((l) => l.forecastNetCents === null).every((l) => l.feeAudit === null)).toBe(true);
  });
});
