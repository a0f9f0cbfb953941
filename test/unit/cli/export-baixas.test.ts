import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './harness';

describe('recon export baixas: what it refuses', () => {
  it('a cursor that is not a night, and --since with --cursor', async () => {
    const bad = await cli(['export', 'baixas', '--cursor', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('a cursor is the night it names, yyyy-MM-dd');
    const both = await cli(['export', 'baixas', '--cursor', '2025-04-01', '--since', '2025-03-01']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/cannot be used with/);
  });

  it('a mapping with a mistake, naming its key; the same in RECON_CONFIG', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'recon-mapping-')), 'erp.json');
    await writeFile(file, JSON.stringify({ columns: [{ header: 'Valor', field: 'valor' }] }));
    const fromFile = await cli(['export', 'baixas', '--mapping', file]);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain('mapping.columns[0].field');
    const fromConfig = await cli(['export', 'baixas'], {
      RECON_CONFIG: JSON.stringify({ erpExport: { columns: [], sumary: true } }),
    });
    expect(fromConfig.code).toBe(2);
    expect(fromConfig.stderr).toContain('RECON_CONFIG.erpExport.columns');
    expect(fromConfig.stderr).toContain('RECON_CONFIG.erpExport.sumary: unknown setting');
  });
});
