/**
 * The provider's webhook signature (spec section 6): `x-signature` is `sha256=` followed by the
 * base64 HMAC-SHA256 of the raw request body under the registered secret. The digest is computed
 * over the bytes exactly as received: re-serializing parsed JSON would change spacing, key order
 * and the 64-bit ids, and no longer match.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** The `x-signature` value the provider sends for `body` under `secret`. */
export function signBody(secret: string, body: Uint8Array): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * True when `header` is the signature of `body` under one of `secrets` (current first, then the
 * previous one during a rotation). Compares in constant time so the answer time does not reveal how
 * many leading bytes of a forged signature were right.
 */
export function signatureMatches(header: string, body: Uint8Array, secrets: readonly string[]): boolean {
  const received = Buffer.from(header, 'utf8');
  return secrets.some((secret) => {
    const expected = Buffer.from(signBody(secret, body), 'utf8');
    return expected.length === received.length && timingSafeEqual(expected, received);
  });
}
