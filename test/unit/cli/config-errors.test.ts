import { describe, expect, it } from 'vitest';
import { buildReconApp } from '../../../lib/app';
import { cli } from './harness';

describe('strict configuration, refused in plain sentences', () => {
  it.each([
    ['{"graceDays":5,"typo":1}', 'recon: RECON_CONFIG.typo: unknown setting\n'],
    ['{"tolerance":{"percent":5,"absolute":1}}', 'recon: RECON_CONFIG.tolerance.absolute: unknown setting\n'],
    ['{"graceDays":-1}', 'recon: RECON_CONFIG.graceDays: must be ≥ 0, got -1\n'],
    ['{"graceDays":"3"}', 'recon: RECON_CONFIG.graceDays: must be a number, got "3"\n'],
    ['{graceDays:3}', /^recon: RECON_CONFIG is not valid JSON: .+\n$/],
  ])('RECON_CONFIG=%s stops `recon run` with exit 2 before anything starts', async (config, message) => {
    const { code, stdout, stderr } = await cli(['run', '--data-dir', '/nonexistent/never-created'], {
      RECON_CONFIG: config,
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    if (typeof message === 'string') expect(stderr).toBe(message);
    else expect(stderr).toMatch(message);
  });

  it('one sentence per problem, never zod issue JSON', async () => {
    const { code, stderr } = await cli(['run'], {
      RECON_CONFIG: '{"graceDays":1.5,"matchKey":["nsu","till"],"lookbackDays":3}',
    });
    expect(code).toBe(2);
    expect(stderr.split('\n').filter(Boolean)).toEqual([
      'recon: RECON_CONFIG.matchKey[1]: must be one of "acquirer", "merchant", "saleDate", "nsu", "authorization", "installment", "tid", "brand", got "till"',
      'recon: RECON_CONFIG.graceDays: must be a whole number, got 1.5',
      'recon: RECON_CONFIG.lookbackDays: unknown setting',
    ]);
  });

  it.each([
    [
      { environment: 'sandbox', baseUrl: 'https://x.example', lookbakDays: 3 },
      "recon.lookbakDays: unknown setting in the CDK context 'recon' (cdk.json or -c recon=...)",
    ],
    [
      { environment: 'sandbox', baseUrl: 'https://x.example', download: { pageSize: 3 } },
      "recon.download.pageSize: unknown setting in the CDK context 'recon' (cdk.json or -c recon=...)",
    ],
    [
      { environment: 'sandbox', baseUrl: 'https://x.example', recon: { graceDays: -1 } },
      'recon.recon.graceDays: must be ≥ 0, got -1',
    ],
    ['{"environment":', /^the CDK context 'recon' \(cdk.json or -c recon=\.\.\.\) is not valid JSON: /],
  ])('the CDK app refuses the recon context %j', (recon, message) => {
    const build = () => buildReconApp({ skipBundling: true, nag: false, appProps: { context: { recon } } });
    expect(build).toThrow(message);
  });
});
