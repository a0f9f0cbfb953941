/**
 * `recon webhooks list|create|update|delete`: manages the provider's webhook registrations (spec
 * section 4, production only). The registered `hmac` must be the very secret the webhook Lambda
 * verifies with, so `--secret-arn` reads it from recon's Secrets Manager secret (the deployed
 * source of truth); without it the secret comes from `deps.hmacSecret` (env RECON_HMAC_SECRET in
 * the CLI). Neither the hmac nor a `headersExtra` value (where the optional second-factor secret
 * lives) is ever printed; both are scrubbed from any error message.
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type Command, InvalidArgumentError } from 'commander';
import type { ProviderClient, Webhook, WebhookRegistration } from '../../lambdas/core/provider/port';
import { secretsOf } from '../../lambdas/core/provider/webhooks-api';
import { buildRedactor, REDACTED, redactError } from '../../lambdas/core/redact';
import { SecretFormatError, webhookSecretOf } from '../../lambdas/core/secret';
import { REPORT_GENERATED_EVENT } from '../../lambdas/core/webhook/event';
import { type TokenOptions, withTokenOptions } from '../api-token';
import { UsageError } from '../errors';

/** The provider calls these commands make. */
export type WebhookClient = Pick<
  ProviderClient,
  'listWebhooks' | 'createWebhook' | 'updateWebhook' | 'deleteWebhook'
>;

export interface WebhookCommandDeps {
  /** A client signed with the API token from wherever `token` says (api-token.ts). */
  readonly makeClient: (token: TokenOptions) => Promise<WebhookClient> | WebhookClient;
  /** The HMAC secret to register when no `--secret-arn` is given. */
  readonly hmacSecret: () => Promise<string> | string;
  /** Reads `hmacSecret` from recon's secret; needed only for `--secret-arn`. */
  readonly hmacFromSecret?: (secretArn: string) => Promise<string>;
  readonly print: (line: string) => void;
}

interface RegistrationOptions extends TokenOptions {
  readonly endpoint: string;
  readonly header: Record<string, string>;
  readonly secretArn?: string;
  readonly inactive?: boolean;
}

/** The env variable `deps.hmacSecret` reads in the CLI. */
export const HMAC_SECRET_ENV = 'RECON_HMAC_SECRET';

export function hmacFromEnvironment(env: Readonly<Record<string, string | undefined>>): string {
  const value = env[HMAC_SECRET_ENV];
  if (!value) throw new UsageError(`set ${HMAC_SECRET_ENV} or pass --secret-arn <arn of recon's secret>.`);
  return value;
}

/** `deps.hmacFromSecret` over Secrets Manager: the `hmacSecret` field of recon's JSON secret. */
export function hmacFromSecretsManager(client: SecretsManagerClient) {
  return async (secretArn: string): Promise<string> => {
    const { SecretString, SecretBinary } = await client.send(
      new GetSecretValueCommand({ SecretId: secretArn }),
    );
    try {
      return webhookSecretOf(secretArn, SecretString ?? SecretBinary).hmacSecret;
    } catch (error) {
      // A usage problem (exit 2, plain message), with the fixed text that quotes none of the secret.
      throw error instanceof SecretFormatError ? new UsageError(`${error.message}.`) : error;
    }
  };
}

function parseHeader(value: string, previous: Record<string, string>): Record<string, string> {
  const at = value.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError('expected NAME=VALUE.');
  return { ...previous, [value.slice(0, at).toLowerCase()]: value.slice(at + 1) };
}

/** The provider only delivers to public HTTPS; plain http is allowed on loopback for local runs. */
function parseEndpoint(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute URL.');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InvalidArgumentError('expected an https:// URL (http:// only on loopback).');
  }
  return url.toString();
}

/** `headersExtra` carries the optional second-factor secret: its header names are shown, never values. */
function redactedHeaders(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return headers === undefined ? undefined : REDACTED;
  return Object.fromEntries(Object.keys(headers).map((name) => [name, REDACTED]));
}

/** A webhook as the provider returned it, minus its signing secret and its extra headers' values. */
function describe(webhook: Webhook): string {
  const shown = Object.fromEntries(
    Object.entries(webhook)
      .filter(([key]) => !/hmac|secret/i.test(key))
      .map(([key, value]) => [key, /^headersextra$/i.test(key) ? redactedHeaders(value) : value]),
  );
  return JSON.stringify(shown);
}

export function registerWebhookCommands(program: Command, deps: WebhookCommandDeps): void {
  async function resolveHmac(secretArn: string | undefined): Promise<string> {
    if (secretArn === undefined) return deps.hmacSecret();
    if (!deps.hmacFromSecret) throw new UsageError('--secret-arn is not available here.');
    return deps.hmacFromSecret(secretArn);
  }

  /** Runs a registration call; neither the hmac nor a header value leaves through an error message. */
  async function withRegistration(
    options: RegistrationOptions,
    run: (r: WebhookRegistration) => Promise<Webhook>,
  ) {
    const hmac = await resolveHmac(options.secretArn);
    if (!hmac) throw new UsageError('the hmac secret is empty.');
    const registration: WebhookRegistration = {
      idTipoEvento: REPORT_GENERATED_EVENT,
      endpoint: options.endpoint,
      hmac,
      headersExtra: options.header,
      flagAtivo: options.inactive ? 0 : 1,
    };
    try {
      return await run(registration);
    } catch (error) {
      throw redactError(error, buildRedactor(secretsOf(registration)));
    }
  }

  const registrationOptions = (command: Command) =>
    withTokenOptions(command)
      .requiredOption(
        '--endpoint <url>',
        'public HTTPS URL of the receiver (stack output WebhookUrl)',
        parseEndpoint,
      )
      .option(
        '--header <name=value>',
        'extra header the provider adds to every delivery (repeatable)',
        parseHeader,
        {},
      )
      .option('--secret-arn <arn>', `read the hmac from recon's secret instead of ${HMAC_SECRET_ENV}`);

  const webhooks = program
    .command('webhooks')
    .description('manage the provider webhook registrations (production)');

  withTokenOptions(
    webhooks.command('list').description('list the registered webhooks (the hmac is never shown)'),
  ).action(async (options: TokenOptions) => {
    const all = await (await deps.makeClient(options)).listWebhooks();
    for (const webhook of all) deps.print(describe(webhook));
    if (all.length === 0) deps.print('no webhooks registered');
  });

  registrationOptions(
    webhooks.command('create').description('register the receiver for report events'),
  ).action(async (options: RegistrationOptions) => {
    const client = await deps.makeClient(options);
    const created = await withRegistration(options, (r) => client.createWebhook(r));
    deps.print(`created webhook ${created.id} -> ${options.endpoint}`);
  });

  registrationOptions(
    webhooks
      .command('update <id>')
      .description('replace a registration (also how a rotated hmac reaches the provider)')
      .option('--inactive', 'register it inactive (flagAtivo 0)'),
  ).action(async (id: string, options: RegistrationOptions) => {
    const client = await deps.makeClient(options);
    await withRegistration(options, (r) => client.updateWebhook(id, r));
    deps.print(`updated webhook ${id} -> ${options.endpoint}${options.inactive ? ' (inactive)' : ''}`);
  });

  withTokenOptions(webhooks.command('delete <id>').description('remove a registration')).action(
    async (id: string, options: TokenOptions) => {
      await (await deps.makeClient(options)).deleteWebhook(id);
      deps.print(`deleted webhook ${id}`);
    },
  );
}
