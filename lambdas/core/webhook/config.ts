/**
 * Receiver settings, set by the stack as JSON in `ENV.webhookConfig` and parsed once at cold start.
 * The second factor's header NAME lives here; its value is a secret and comes from Secrets Manager.
 */
import { z } from 'zod';

export const DEFAULT_TIMESTAMP_TOLERANCE_MS = 300_000;
/** Event bodies are a few hundred bytes; anything near this is not the provider. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export const webhookConfigSchema = z.object({
  timestampToleranceMs: z.number().int().positive().default(DEFAULT_TIMESTAMP_TOLERANCE_MS),
  maxBodyBytes: z.number().int().positive().default(DEFAULT_MAX_BODY_BYTES),
  /** Header registered through `headersExtra` whose value must equal the secret's `webhookHeaderValue`. */
  secondFactorHeader: z.string().min(1).optional(),
});

export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

/** Parses the env JSON (absent means all defaults). */
export function parseWebhookConfig(json: string | undefined): WebhookConfig {
  return webhookConfigSchema.parse(JSON.parse(json ?? '{}'));
}
