/**
 * The webhook's view of recon's Secrets Manager secret (`ENV.secretArn`, JSON
 * `{email, apiToken, hmacSecret, previousHmacSecret?, webhookHeaderValue?}`). Only the fields the
 * receiver needs are kept; the provider credentials are dropped at parse time.
 */
import { z } from 'zod';

export const webhookSecretSchema = z.object({
  hmacSecret: z.string().min(1),
  /** Still accepted while a rotation is in progress (see README "Rotating the webhook secret"). */
  previousHmacSecret: z.string().min(1).optional(),
  /** Value of the optional second-factor header registered through `headersExtra`. */
  webhookHeaderValue: z.string().min(1).optional(),
});
