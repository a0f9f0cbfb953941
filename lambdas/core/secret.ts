/**
 * Parsing recon's Secrets Manager secret (JSON `{email, apiToken, hmacSecret, ...}`) with FIXED
 * error messages. Callers fetch the raw text (no Powertools `transform`) and parse it here: the
 * parameters library's JSON transform, and `JSON.parse` itself, quote the first characters of text
 * that is not JSON, and an error message travels to CloudWatch, the Step Functions cause, the run
 * summary, the HTML report and SNS. Every message below names the secret (its ARN is not secret)
 * and never contains any part of its value.
 */
import { z } from 'zod';
import type { ProviderCredentials } from './provider/http';
import { webhookSecretSchema } from './webhook/secret';

/**
 * What the stack writes for `email` and `apiToken` when it creates the secret: a value that can
 * never be a real credential, refused before any provider call.
 */
export const PLACEHOLDER_CREDENTIAL = 'SET-AFTER-DEPLOY';

const providerSecretSchema = z.object({ email: z.string().min(1), apiToken: z.string().min(1) });

/** A secret recon cannot use; the message is fixed text plus the secret's id, never its value. */
export class SecretFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretFormatError';
  }
}

/** The secret's raw value (string or binary, as Powertools returns it) as a JSON object. */
export function secretObject(secretId: string, value: unknown): Record<string, unknown> {
  const text = value instanceof Uint8Array ? new TextDecoder().decode(value) : value;
  let parsed: unknown;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    // The parser's message quotes the text: drop it.
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SecretFormatError(`secret ${secretId} is not a JSON object; store it as JSON (see README)`);
  return parsed as Record<string, unknown>;
}

/** The provider credentials, refusing the stack's placeholders before anything reaches the provider. */
export function providerCredentialsOf(secretId: string, value: unknown): ProviderCredentials {
  const parsed = providerSecretSchema.safeParse(secretObject(secretId, value));
  if (!parsed.success)
    throw new SecretFormatError(`secret ${secretId} must hold non-empty "email" and "apiToken"`);
  const { email, apiToken } = parsed.data;
  if (email === PLACEHOLDER_CREDENTIAL || apiToken === PLACEHOLDER_CREDENTIAL)
    throw new SecretFormatError(
      `secret ${secretId} still holds the placeholders the stack created: set the secret first ` +
        '(put the provider e-mail and API token, keep hmacSecret; README "Deploying to AWS")',
    );
  return { email, apiToken };
}

/** The webhook receiver's fields of the secret. */
export function webhookSecretOf(secretId: string, value: unknown): z.infer<typeof webhookSecretSchema> {
  const parsed = webhookSecretSchema.safeParse(secretObject(secretId, value));
  if (!parsed.success) throw new SecretFormatError(`secret ${secretId} must hold a non-empty "hmacSecret"`);
  return parsed.data;
}
