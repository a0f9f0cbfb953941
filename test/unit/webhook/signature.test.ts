import { describe, expect, it } from 'vitest';
import { signatureMatches, signBody } from '../../../lambdas/core/webhook/signature';

const EVENT_BODY =
  '{"version":"1.0","requestId":"3f2b8c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b","payload":{"evento":{"code":1,"descricao":"Arquivo gerado"},"data":{"id":9007199254740993,"pagina":1}}}';
const EVENT_SECRET = 'whsec_test_0123456789';
const EVENT_SIGNATURE = 'sha256=o7mf0F65Q00tPKvdUDpc3H+X3dLBV0iTI/1VuKEKMmo=';

describe('webhook signature', () => {
  it('matches the published HMAC-SHA256 test vector, base64-encoded', () => {
    // HMAC-SHA256(key, "The quick brown fox...") = f7bc83f4...2d1a3cd8 (hex), the well-known vector.
    const hex = 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';
    const body = Buffer.from('The quick brown fox jumps over the lazy dog');
    expect(signBody('key', body)).toBe(`sha256=${Buffer.from(hex, 'hex').toString('base64')}`);
    expect(signBody('key', body)).toBe('sha256=97yD9DBThCSxMpjmqm+xQ+9NWaFJRhdZl0edvC0aPNg=');
  });

  it('signs a provider event body to the fixed expected value', () => {
    expect(signBody(EVENT_SECRET, Buffer.from(EVENT_BODY))).toBe(EVENT_SIGNATURE);
    expect(signatureMatches(EVENT_SIGNATURE, Buffer.from(EVENT_BODY), [EVENT_SECRET])).toBe(true);
  });

  it('rejects a tampered body, a wrong secret, a truncated or differently encoded signature', () => {
    const body = Buffer.from(EVENT_BODY);
    expect(
      signatureMatches(EVENT_SIGNATURE, Buffer.from(EVENT_BODY.replace('"pagina":1', '"pagina":2')), [
        EVENT_SECRET,
      ]),
    ).toBe(false);
    expect(signatureMatches(EVENT_SIGNATURE, body, ['another-secret'])).toBe(false);
    expect(signatureMatches(EVENT_SIGNATURE.slice(0, -1), body, [EVENT_SECRET])).toBe(false);
    expect(signatureMatches(EVENT_SIGNATURE.slice('sha256='.length), body, [EVENT_SECRET])).toBe(false);
    const hex = Buffer.from(EVENT_SIGNATURE.slice(7), 'base64').toString('hex');
    expect(signatureMatches(`sha256=${hex}`, body, [EVENT_SECRET])).toBe(false);
  });

  it('is sensitive to whitespace: re-serialized JSON does not verify', () => {
    const reserialized = Buffer.from(JSON.stringify(JSON.parse(EVENT_BODY), null, 1));
    expect(signatureMatches(EVENT_SIGNATURE, reserialized, [EVENT_SECRET])).toBe(false);
  });

  it('accepts the previous secret during a rotation', () => {
    expect(signatureMatches(EVENT_SIGNATURE, Buffer.from(EVENT_BODY), ['new-secret', EVENT_SECRET])).toBe(
      true,
    );
  });
});
