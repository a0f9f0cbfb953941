import { describe, expect, it } from 'vitest';
import { buildRedactor, REDACTED, redactError, redactThenTruncate } from '../../../lambdas/core/redact';

const SECRET = 'tok_live_9f8e7d6c5b4a';

describe('buildRedactor', () => {
  const redact = buildRedactor([SECRET, undefined, '']);

  it('replaces every occurrence, and ignores absent or empty secrets', () => {
    expect(redact(`a ${SECRET} b ${SECRET}`)).toBe(`a ${REDACTED} b ${REDACTED}`);
    expect(redact('nothing here')).toBe('nothing here');
  });

  it('replaces a secret quoted as JSON or percent-encoded', () => {
    const odd = 'p"a\\s s/w';
    const redactOdd = buildRedactor([odd]);
    expect(redactOdd(`body ${JSON.stringify({ hmac: odd })}`)).toBe(`body {"hmac":"${REDACTED}"}`);
    expect(redactOdd(`url ?h=${encodeURIComponent(odd)}`)).toBe(`url ?h=${REDACTED}`);
  });

  it('replaces a secret that contains another whole, and never eats into its own marker', () => {
    const both = buildRedactor(['a', `x${SECRET}`, SECRET]);
    expect(both(`1 x${SECRET} 2 a`)).toBe(`1 ${REDACTED} 2 ${REDACTED}`);
  });

  it('replaces the beginning of a secret that ends the text (cut short upstream)', () => {
    expect(redact(`token recebido: ${SECRET.slice(0, 9)}`)).toBe(`token recebido: ${REDACTED}`);
    // Shorter than six characters is too little to narrow a guess, and too likely to be plain text.
    expect(redact('ends in tok_l')).toBe('ends in tok_l');
  });
});

describe('redactThenTruncate', () => {
  it('redacts the whole text before cutting it, so a straddling secret leaves no prefix', () => {
    const redact = buildRedactor([SECRET]);
    for (let inside = 1; inside < SECRET.length; inside++) {
      const text = `${'x'.repeat(20 - inside)}${SECRET}${'y'.repeat(20)}`;
      const cut = redactThenTruncate(text, redact, 20);
      expect(cut).toHaveLength(20);
      expect(cut).not.toContain(SECRET.slice(0, 6));
    }
  });
});

describe('redactError', () => {
  it('redacts the message and the stack, keeping the error', () => {
    const error = new TypeError(`refused ${SECRET}`);
    expect(redactError(error, buildRedactor([SECRET]))).toBe(error);
    expect(error.message).toBe(`refused ${REDACTED}`);
    expect(error.stack).not.toContain(SECRET);
  });

  it('passes anything that is not an Error on as it is', () => {
    expect(redactError(`text ${SECRET}`, buildRedactor([SECRET]))).toBe(`text ${SECRET}`);
  });
});
