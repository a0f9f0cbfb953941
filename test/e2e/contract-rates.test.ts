import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
