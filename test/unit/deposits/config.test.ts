import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { DEFAULT_ACQUIRER_PATTERNS } from '../../../lambdas/core/deposits/config';

describe('the deposits settings', () => {
  it('has the built-in memo patterns when RECON_CONFIG names no deposits key at all', () => {
    expect(parseReconConfig({}).deposits.acquirerPatterns).toEqual(DEFAULT_ACQUIRER_PATTERNS);
  });

  it('extends the built-in patterns with the configured ones', () => {
    const patterns = parseReconConfig({ deposits: { acquirerPatterns: { '123': ['ACME PAY'] } } }).deposits
      .acquirerPatterns;
    expect(patterns).toEqual({ ...DEFAULT_ACQUIRER_PATTERNS, '123': ['ACME PAY'] });
  });

  it('names the setting of a bad pattern', () => {
    expect(() => parseReconConfig({ deposits: { acquirerPatterns: { X: ['('] } } })).toThrow(
      /deposits\.acquirerPatterns\.X/,
    );
  });
});
