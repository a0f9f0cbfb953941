/**
 * Provider credentials of local commands, from `RECON_EMAIL`, `RECON_API_TOKEN` and
 * `RECON_HMAC_SECRET`. With the built-in simulator they default to the simulator's own test
 * credentials (not secrets: they exist only on this machine); with a real provider they are required.
 */
import { SIMULATOR_CREDENTIALS } from '../local/simulator';
import type { CliIo } from './io';

export const CREDENTIAL_ENV = {
  email: 'RECON_EMAIL',
  apiToken: 'RECON_API_TOKEN',
  hmacSecret: 'RECON_HMAC_SECRET',
} as const;

/** The HMAC secret local webhooks are signed with when none is given (simulator runs only). */
const LOCAL_HMAC_SECRET = 'recon-local-webhook-secret';

export interface LocalCredentials {
  readonly email: string;
  readonly apiToken: string;
  readonly hmacSecret: string;
}

export function simulatorCredentials(env: CliIo['env']): LocalCredentials {
  return {
    email: env[CREDENTIAL_ENV.email] || SIMULATOR_CREDENTIALS.email,
    apiToken: env[CREDENTIAL_ENV.apiToken] || SIMULATOR_CREDENTIALS.apiToken,
    hmacSecret: env[CREDENTIAL_ENV.hmacSecret] || LOCAL_HMAC_SECRET,
  };
}

/** Credentials for a real provider: every missing variable is named (never its value). */
export function providerCredentials(
  env: CliIo['env'],
  needHmac: boolean,
): LocalCredentials | { missing: string[] } {
  const missing = Object.entries(CREDENTIAL_ENV)
    .filter(([field]) => needHmac || field !== 'hmacSecret')
    .filter(([, name]) => !env[name])
    .map(([, name]) => name);
  if (missing.length > 0) return { missing };
  return {
    email: env[CREDENTIAL_ENV.email] ?? '',
    apiToken: env[CREDENTIAL_ENV.apiToken] ?? '',
    hmacSecret: env[CREDENTIAL_ENV.hmacSecret] ?? '',
  };
}
