/**
 * What `recon webhooks` needs from the process: a provider client for `RECON_PROVIDER_BASE_URL`
 * with `RECON_EMAIL` and the API token (api-token.ts), paced by an in-process limiter (one short
 * command), and the HMAC secret from `RECON_HMAC_SECRET` or recon's Secrets Manager secret.
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '../../lambdas/core/env';
import { buildProviderClient } from '../../lambdas/core/provider/client';
import { buildInProcessLimiter } from '../../lambdas/core/rate-limit/in-process';
import { apiTokenOf, type TokenOptions } from '../api-token';
import { regionOfArn } from '../arn';
import { CREDENTIAL_ENV } from '../credentials';
import { UsageError } from '../errors';
import type { CliIo } from '../io';
import {
  hmacFromEnvironment,
  hmacFromSecretsManager,
  type WebhookClient,
  type WebhookCommandDeps,
} from './webhooks';

async function makeClient(io: CliIo, token: TokenOptions): Promise<WebhookClient> {
  const baseUrl = io.env[ENV.providerBaseUrl];
  const email = io.env[CREDENTIAL_ENV.email];
  if (!baseUrl) throw new UsageError(`set ${ENV.providerBaseUrl} to the provider's address.`);
  if (!email) throw new UsageError(`set ${CREDENTIAL_ENV.email}.`);
  const apiToken = await apiTokenOf(token, io);
  if (apiToken === undefined)
    throw new UsageError(
      "the provider's API token is missing: pass --token-file FILE or --token-stdin, or run on a terminal " +
        `to be asked for it (${CREDENTIAL_ENV.apiToken} works too, but typed on a command line it stays in the shell's history).`,
    );
  // The client redacts its credentials from every error it makes (provider/http.ts).
  return buildProviderClient({ baseUrl, credentials: { email, apiToken }, limiter: buildInProcessLimiter() });
}

export function webhookCommandDeps(io: CliIo): WebhookCommandDeps {
  return {
    makeClient: (token) => makeClient(io, token),
    hmacSecret: () => hmacFromEnvironment(io.env),
    // A secret is read in its own region, the one its ARN names, whatever region the shell has.
    hmacFromSecret: (arn) =>
      hmacFromSecretsManager(new SecretsManagerClient({ region: regionOfArn(arn, '--secret-arn') }))(arn),
    print: (line) => io.stdout(`${line}\n`),
  };
}
