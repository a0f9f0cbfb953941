import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { hmacFromEnvironment, registerWebhookCommands } from '../../../cli/commands/webhooks';
import type { ProviderClient, Webhook, WebhookRegistration } from '../../../lambdas/core/provider/port';

const HMAC = 'super-secret-hmac-value';

type Call = [string, ...unknown[]];

const SECOND_FACTOR = 'second-factor-header-value';

function fakeClient(calls: Call[], options: { failWith?: Error; listed?: Webhook[] } = {}): ProviderClient {
  const respond = async (name: string, ...args: unknown[]): Promise<Webhook> => {
    calls.push([name, ...args]);
    if (options.failWith) throw options.failWith;
    const registration = args.at(-1) as WebhookRegistration;
    return { id: name === 'updateWebhook' ? String(args[0]) : '1001', ...registration };
  };
  return {
    listWebhooks: async () => {
      calls.push(['listWebhooks']);
      return (
        options.listed ?? [{ id: '1001', endpoint: 'https://x.example/webhook', hmac: HMAC, flagAtivo: 1 }]
      );
    },
    createWebhook: (registration) => respond('createWebhook', registration),
    updateWebhook: (id, registration) => respond('updateWebhook', id, registration),
    deleteWebhook: async (id) => {
      calls.push(['deleteWebhook', id]);
    },
  } as Partial<ProviderClient> as ProviderClient;
}

async function run(
  argv: string[],
  options: { failWith?: Error; secretArns?: Record<string, string>; listed?: Webhook[] } = {},
) {
  const calls: Call[] = [];
  const lines: string[] = [];
  const errors: string[] = [];
  const program = new Command('recon')
    .exitOverride()
    .configureOutput({ writeOut: (t) => lines.push(t), writeErr: (t) => errors.push(t) });
  registerWebhookCommands(program, {
    makeClient: () => fakeClient(calls, options),
    hmacSecret: () => HMAC,
    hmacFromSecret: async (arn) => {
      const value = options.secretArns?.[arn];
      if (!value) throw new Error(`no secret ${arn}`);
      return value;
    },
    print: (line) => lines.push(line),
  });
  let failure: Error | undefined;
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    failure = error as Error;
  }
  return { calls, lines, errors, failure };
}

describe('recon webhooks', () => {
  it('creates an active event-1 registration with the hmac and extra headers, printing no secret', async () => {
    const { calls, lines } = await run([
      'webhooks',
      'create',
      '--endpoint',
      'https://abc.execute-api.sa-east-1.amazonaws.com/webhook',
      '--header',
      'X-Recon-Key=k=v',
      '--header',
      'x-other=2',
    ]);
    expect(calls).toEqual([
      [
        'createWebhook',
        {
          idTipoEvento: 1,
          endpoint: 'https://abc.execute-api.sa-east-1.amazonaws.com/webhook',
          hmac: HMAC,
          headersExtra: { 'x-recon-key': 'k=v', 'x-other': '2' },
          flagAtivo: 1,
        },
      ],
    ]);
    expect(lines).toEqual([
      'created webhook 1001 -> https://abc.execute-api.sa-east-1.amazonaws.com/webhook',
    ]);
  });

  it('reads the hmac from recon secret with --secret-arn', async () => {
    const { calls } = await run(
      ['webhooks', 'create', '--endpoint', 'https://h.example/webhook', '--secret-arn', 'arn:s'],
      { secretArns: { 'arn:s': 'from-secrets-manager' } },
    );
    expect(calls[0]?.[1]).toMatchObject({ hmac: 'from-secrets-manager' });
  });

  it('updates a registration, inactive when asked', async () => {
    const { calls, lines } = await run([
      'webhooks',
      'update',
      '77',
      '--endpoint',
      'https://h.example/webhook',
      '--inactive',
    ]);
    expect(calls[0]?.[0]).toBe('updateWebhook');
    expect(calls[0]?.[1]).toBe('77');
    expect(calls[0]?.[2]).toMatchObject({ flagAtivo: 0, hmac: HMAC });
    expect(lines).toEqual(['updated webhook 77 -> https://h.example/webhook (inactive)']);
  });

  it('lists without the hmac the provider might return, and deletes by id', async () => {
    const listed = await run(['webhooks', 'list']);
    expect(listed.lines).toEqual(['{"id":"1001","endpoint":"https://x.example/webhook","flagAtivo":1}']);
    const deleted = await run(['webhooks', 'delete', '1001']);
    expect(deleted.calls).toEqual([['deleteWebhook', '1001']]);
    expect(deleted.lines).toEqual(['deleted webhook 1001']);
  });

  it('lists the extra headers by name only: their values (the second factor) are redacted', async () => {
    const { lines } = await run(['webhooks', 'list'], {
      listed: [
        {
          id: '1001',
          endpoint: 'https://x.example/webhook',
          headersExtra: { 'x-recon-key': SECOND_FACTOR, 'x-other': '2' },
          flagAtivo: 1,
        },
      ],
    });
    expect(lines).toEqual([
      '{"id":"1001","endpoint":"https://x.example/webhook","headersExtra":{"x-recon-key":"[redacted]","x-other":"[redacted]"},"flagAtivo":1}',
    ]);
    expect(lines.join('\n')).not.toContain(SECOND_FACTOR);
  });

  it('scrubs header values from a failed call', async () => {
    const { failure, lines } = await run(
      [
        'webhooks',
        'create',
        '--endpoint',
        'https://h.example/webhook',
        '--header',
        `x-recon-key=${SECOND_FACTOR}`,
      ],
      { failWith: new Error(`provider refused header ${SECOND_FACTOR}`) },
    );
    expect(failure?.message).toBe('provider refused header [redacted]');
    expect(`${failure?.stack}${lines.join('')}`).not.toContain(SECOND_FACTOR);
  });

  it('scrubs the hmac from a failed call', async () => {
    const { failure } = await run(['webhooks', 'create', '--endpoint', 'https://h.example/webhook'], {
      failWith: new Error(`provider echoed {"hmac":"${HMAC}"}`),
    });
    expect(failure?.message).toBe('provider echoed {"hmac":"[redacted]"}');
    expect(failure?.stack).not.toContain(HMAC);
  });

  it.each([
    ['plain http off loopback', ['--endpoint', 'http://abc.example/webhook']],
    ['a relative endpoint', ['--endpoint', '/webhook']],
    ['a header without a value separator', ['--endpoint', 'https://h.example/w', '--header', 'x-key']],
  ])('refuses %s without calling the provider', async (_name, args) => {
    const { calls, failure } = await run(['webhooks', 'create', ...args]);
    expect(failure).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('accepts plain http on loopback for local runs', async () => {
    const { calls } = await run(['webhooks', 'create', '--endpoint', 'http://127.0.0.1:4000/webhook']);
    expect(calls).toHaveLength(1);
  });

  it('requires RECON_HMAC_SECRET when no secret ARN is given', () => {
    expect(hmacFromEnvironment({ RECON_HMAC_SECRET: 'x' })).toBe('x');
    expect(() => hmacFromEnvironment({})).toThrow(/RECON_HMAC_SECRET/);
  });
});
