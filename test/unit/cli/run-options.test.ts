import { describe, expect, it } from 'vitest';
import { loadReconConfig } from '../../../cli/runner/data-dir';
import { defaultPeriod, SIMULATOR_PERIOD } from '../../../cli/runner/period';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../../local/simulator';
import { cli } from './harness';

describe('recon run options', () => {
  it('picks the period: given dates, the simulator data range, or the workflow default at a real provider', () => {
    expect(defaultPeriod({ env: 'sandbox', from: '2025-02-01', to: '2025-02-10' })).toEqual({
      from: '2025-02-01',
      to: '2025-02-10',
    });
    expect(defaultPeriod({ env: 'production', from: '2025-02-01' })).toEqual({
      from: '2025-02-01',
      to: '2025-02-01',
    });
    expect(defaultPeriod({ env: 'production' })).toEqual(SIMULATOR_PERIOD);
    expect(defaultPeriod({ env: 'sandbox', providerUrl: 'https://sandbox.example' })).toEqual(
      SIMULATOR_PERIOD,
    );
    expect(defaultPeriod({ env: 'production', providerUrl: 'https://provider.example' })).toEqual({
      from: undefined,
      to: undefined,
    });
  });

  it.each([
    [['run', '--webhook', 'local'], /the sandbox sends no webhooks/],
    [['run', '--from', '2025-02-10', '--to', '2025-02-01'], /--to 2025-02-01 is before --from 2025-02-10/],
    [
      ['run', '--to', '2999-01-31'],
      /^recon: the period ends on 2999-01-31, after today \(\d{4}-\d\d-\d\d, America\/Sao_Paulo\)/,
    ],
    [
      ['run', '--from', '2025-03-01', '--to', '2025-03-31', '--as-of', '2025-03-15'],
      /--as-of 2025-03-15 is before the period's last day 2025-03-31: pass an --as-of on or after 2025-03-31\./,
    ],
    [
      ['run', '--from', '2025-04-01', '--to', '2025-04-10'],
      /the built-in simulator's business date 2025-04-01 is before the period's last day 2025-04-10/,
    ],
    [
      ['run', '--provider-url', 'https://provider.example'],
      /needs RECON_EMAIL, RECON_API_TOKEN in the environment/,
    ],
    [['run', '--bare', '--provider-url', 'https://provider.example'], /--bare is for the built-in simulator/],
    [
      ['run', '--env', 'production', '--provider-url', 'https://provider.example', '--webhook', 'local'],
      /needs RECON_EMAIL, RECON_API_TOKEN, RECON_HMAC_SECRET/,
    ],
  ])('%j is a usage error before anything starts', async (argv, message) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('reads the simulator lifecycle with its record roles, unless RECON_CONFIG sets its own', () => {
    const simulator = { recordRoles: SIMULATOR_RECORD_ROLES, recordSign: SIMULATOR_RECORD_SIGN };
    const plain = loadReconConfig({}, simulator);
    expect(plain.recordRoles).toMatchObject({ A1: 'FORECAST', D1: 'PAYMENT', ...SIMULATOR_RECORD_ROLES });
    expect(plain.recordSign).toEqual(SIMULATOR_RECORD_SIGN);
    const own = loadReconConfig({ RECON_CONFIG: '{"graceDays":2,"recordRoles":{"G1":"FEE"}}' }, simulator);
    expect(own.graceDays).toBe(2);
    expect(own.recordRoles).toEqual({ A1: 'FORECAST', D1: 'PAYMENT', G1: 'FEE' });
    // A key the user does not set still comes from the simulator.
    expect(own.recordSign).toEqual(SIMULATOR_RECORD_SIGN);
    expect(loadReconConfig({}).recordRoles).toEqual({ A1: 'FORECAST', D1: 'PAYMENT' });
  });
});
