/**
 * The provider's address, credentials and shared limiter for a deployed step that calls the
 * provider: the credentials come from Secrets Manager (cached by Powertools, never logged). Only
 * those steps' handlers import this module, and only their roles may read the secret.
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { ENV } from '../core/env';
import { buildDynamoLimiter } from '../core/rate-limit/dynamo';
import { providerCredentialsOf } from '../core/secret';
import type { WorkflowDeps } from '../core/workflow/deps';
import { buildProviderDeps } from './deps/provider';
import { requiredEnv } from './env';
import type { tableFromEnv } from './workflow-env';

export async function providerFromEnv(
  table: ReturnType<typeof tableFromEnv>,
): Promise<Pick<WorkflowDeps, 'provider' | 'requests'>> {
  const secretArn = requiredEnv(ENV.secretArn);
  // Raw value, parsed by recon: a JSON transform's error would quote the secret's first characters.
  const credentials = providerCredentialsOf(secretArn, await getSecret(secretArn, { maxAge: 300 }));
  return buildProviderDeps({
    baseUrl: requiredEnv(ENV.providerBaseUrl),
    credentials,
    limiter: buildDynamoLimiter({
      // Named, not spread: a caller's table wiring also carries its own clock, not the limiter's.
      ddb: table.ddb,
      tableName: table.tableName,
      account: credentials.email,
      ratePerSecond: Number(requiredEnv(ENV.providerRatePerSecond)),
      marginRatio: Number(requiredEnv(ENV.providerRateMargin)),
      spacingMs: Number(requiredEnv(ENV.providerRateSpacing)),
    }),
  });
}
