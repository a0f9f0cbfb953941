import { describe, expect, it } from 'vitest';
import { defaultPeriod, SIMULATOR_PERIOD } from '../../../cli/runner/period';
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
      ['run', '--provider-url', 'https://provider.example'],
      /needs RECON_EMAIL, RECON_API_TOKEN in the environment/,
    ],
    [
      ['run', '--env', 'production', '--provider-url', 'https://provider.example', '--webhook', 'local'],
      /needs RECON_EMAIL, RECON_API_TOKEN, RECON_HMAC_SECRET/,
    ],
  ])('%j is a usage error before anything starts', async (argv, message) => {
    const { code, stderr } = await cli(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
