import { describe, expect, it } from 'vitest';
import { parseWebhookConfig } from '../../../lambdas/core/webhook/config';
import { parseReportEvent } from '../../../lambdas/core/webhook/event';
import { timestampMillis } from '../../../lambdas/core/webhook/receiver';

const event = (data: string, extra = '') =>
  `{"version":"1.0","requestId":"r-1","payload":{"evento":{"code":1,"descricao":"x"},"data":${data}}${extra}}`;

describe('report event body', () => {
  it('keeps a 64-bit report id exact', () => {
    const parsed = parseReportEvent(event('{"id":9007199254740993,"pagina":3}'));
    expect(parsed?.payload.data).toEqual({ id: '9007199254740993', pagina: 3 });
    expect(parsed?.requestId).toBe('r-1');
  });

  it.each([
    ['not JSON', 'id=1&pagina=2'],
    ['wrong version', event('{"id":1,"pagina":1}').replace('"1.0"', '"2.0"')],
    ['another event code', event('{"id":1,"pagina":1}').replace('"code":1', '"code":2')],
    ['fractional page', event('{"id":1,"pagina":1.5}')],
    ['page zero', event('{"id":1,"pagina":0}')],
    ['negative id', event('{"id":-4,"pagina":1}')],
    ['missing id', event('{"pagina":1}')],
    ['missing requestId', event('{"id":1,"pagina":1}').replace('"requestId":"r-1",', '')],
  ])('rejects %s', (_name, text) => {
    expect(parseReportEvent(text)).toBeUndefined();
  });
});

describe('x-timestamp unit', () => {
  it('reads seconds and milliseconds by magnitude', () => {
    expect(timestampMillis('1763800000')).toBe(1_763_800_000_000);
    expect(timestampMillis('1763800000123')).toBe(1_763_800_000_123);
  });

  it.each(['', '17638e5', '-1763800000', '1763800000.5', ' 1763800000'])('rejects %j', (value) => {
    expect(timestampMillis(value)).toBeUndefined();
  });
});

describe('webhook config', () => {
  it('defaults when the variable is absent and validates when present', () => {
    expect(parseWebhookConfig(undefined)).toEqual({ timestampToleranceMs: 300_000, maxBodyBytes: 16_384 });
    expect(parseWebhookConfig('{"secondFactorHeader":"x-recon-key","maxBodyBytes":2048}')).toEqual({
      timestampToleranceMs: 300_000,
      maxBodyBytes: 2048,
      secondFactorHeader: 'x-recon-key',
    });
    expect(() => parseWebhookConfig('{"timestampToleranceMs":-1}')).toThrow();
  });
});
