import { describe, expect, it } from 'vitest';
import { cli } from '../unit/cli/harness';
import { simulatorPerTest, tempDataDir } from './support';

const startTestSimulator = simulatorPerTest();

describe('recon run when a report ends in ERRO', () => {
  it('still writes the summary, names the failure in plain words, and exits 1', async () => {
    const simulator = await startTestSimulator('production');
    simulator.setFaults({ errorReports: 'financial' });
    const dataDir = await tempDataDir();
    const env = { RECON_EMAIL: simulator.credentials.email, RECON_API_TOKEN: simulator.credentials.apiToken };
    const args = [
      'run',
      '--env',
      'production',
      '--provider-url',
      simulator.url,
      '--webhook',
      'off',
      '--json',
    ];
    const { code, stdout, stderr } = await cli(
      [...args, '--from', '2025-01-01', '--to', '2025-01-20', '--data-dir', dataDir],
      env,
    );
    expect(code).toBe(1);
    const summary = JSON.parse(stdout);
    expect(summary.outcome).toBe('FAILED');
    expect(summary.failures).toEqual([
      expect.objectContaining({ kind: 'financial', outcome: 'REPORT_ERROR' }),
    ]);
    expect(stderr).toMatch(/recon: 1 report\(s\) did not complete; see .*report\.html\n$/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toContain(simulator.credentials.apiToken);
  });
});
