/**
 * Webhook registrations (production only) and their HTTP routes. The hmac secret is kept for signing
 * and never shown back.
 */
import { parseJsonPreservingIds } from '../../../lambdas/core/json';
import { asObject, message, NO_CONTENT, ok, type Reply, type RequestContext } from '../replies';

export interface Webhook {
  readonly id: string;
  readonly idTipoEvento: number;
  readonly endpoint: string;
  readonly hmac: string;
  readonly headersExtra: Readonly<Record<string, string>>;
  readonly flagAtivo: number;
}

type Registration = Omit<Webhook, 'id'>;

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const isStringMap = (value: unknown): boolean =>
  asObject(value) !== undefined && Object.values(value as object).every((v) => typeof v === 'string');

const CHECKS: Record<keyof Registration, (value: unknown) => boolean> = {
  idTipoEvento: (v) => typeof v === 'number' && Number.isInteger(v) && v > 0,
  endpoint: isHttpUrl,
  hmac: (v) => typeof v === 'string' && v.length > 0,
  headersExtra: isStringMap,
  flagAtivo: (v) => v === 0 || v === 1,
};

/** The fields of a create (all required but headersExtra) or an update (any subset), or an error text. */
function parseRegistration(text: string, partial: boolean): Partial<Registration> | string {
  let body: Record<string, unknown> | undefined;
  try {
    body = asObject(parseJsonPreservingIds(text));
  } catch {
    body = undefined;
  }
  if (!body) return 'Corpo da requisição inválido';
  const result: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(CHECKS)) {
    const value = body[field];
    if (value === undefined) {
      if (!partial && field !== 'headersExtra') return `${field} é obrigatório`;
      continue;
    }
    if (!check(value)) return `${field} inválido`;
    result[field] = value;
  }
  return result as Partial<Registration>;
}

function view(webhook: Webhook): string {
  const { hmac: _secret, id, ...shown } = webhook;
  return JSON.stringify({ id: Number(id), ...shown });
}

export function buildWebhookRegistry() {
  const webhooks = new Map<string, Webhook>();
  let nextId = 1001;
  const notFound = () => message(404, 'Webhook não encontrado');

  return {
    active: (): Webhook[] => [...webhooks.values()].filter((w) => w.flagAtivo === 1 && w.idTipoEvento === 1),
    all: (): Webhook[] => [...webhooks.values()],
    create(ctx: RequestContext): Reply {
      const fields = parseRegistration(ctx.body, false);
      if (typeof fields === 'string') return message(400, fields);
      const webhook = { headersExtra: {}, ...fields, id: String(nextId++) } as Webhook;
      webhooks.set(webhook.id, webhook);
      return ok(view(webhook));
    },
    list: (): Reply => ok(`[${[...webhooks.values()].map(view).join(',')}]`),
    update(id: string, ctx: RequestContext): Reply {
      const existing = webhooks.get(id);
      if (!existing) return notFound();
      const fields = parseRegistration(ctx.body, true);
      if (typeof fields === 'string') return message(400, fields);
      const webhook = { ...existing, ...fields, id };
      webhooks.set(id, webhook);
      return ok(view(webhook));
    },
    remove(id: string): Reply {
      return webhooks.delete(id) ? NO_CONTENT : notFound();
    },
  };
}

export type WebhookRegistry = ReturnType<typeof buildWebhookRegistry>;
