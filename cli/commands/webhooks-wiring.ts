/**
 * What `recon webhooks` needs from the process: a provider client for `RECON_PROVIDER_BASE_URL`
 * with `RECON_EMAIL`/`RECON_API_TOKEN`, paced by an in-process limiter (one short command), and
 * the HMAC secret from `RECON_HMAC_SECRET` or recon's Secrets Manager secret.
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '../../lambdas/core/env';
import { buildProviderClient } from '../../lambdas/core/provider/client';
import type { ProviderClient } from '../../lambdas/core/provider/port';
import { buildInProcessLimiter } from '../../lambdas/core/rate-limit/in-process';
import { providerCredentials } from '../credentials';
import { UsageError } from '../errors';
import type { CliIo } from '../io';
import { hmacFromEnvironment, hmacFromSecretsManager, type WebhookCommandDeps } from './webhooks';

function makeClient(env: CliIo['env']): ProviderClient {
  const baseUrl = env[ENV.providerBaseUrl];
  const credentials = providerCredentials(env, false);
  if (!baseUrl) throw new UsageError(`set ${ENV.providerBaseUrl} to the provider's address.`);
  if ('missing' in credentials) throw new UsageError(`set ${credentials.missing.join(' and ')}.`);
  return buildProviderClient({
    baseUrl,
    credentials: { email: credentials.email, apiToken: credentials.apiToken },
    limiter: buildInProcessLimiter(),
  });
}

export function webhookCommandDeps(io: CliIo): WebhookCommandDeps {
  return {
    makeClient: () => makeClient(io.env),
    hmacSecret: () => hmacFromEnvironment(io.env),
    hmacFromSecret: (arn) => hmacFromSecretsManager(new SecretsManagerClient({}))(arn),
    print: (line) => io.stdout(`${line}\n`),
  };
}
