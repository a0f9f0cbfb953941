/** The webhook registration operations of the spec (`/webhooks`). */
import { createOnce } from './create-once';
import type { HttpRequest } from './http';
import type { ProviderClient, WebhookRegistration } from './port';
import { parseWebhook, parseWebhooks } from './schemas';
import type { Transport } from './transport';

type WebhookOperations = Pick<
  ProviderClient,
  'listWebhooks' | 'createWebhook' | 'updateWebhook' | 'deleteWebhook'
>;

export function buildWebhookOperations(transport: Transport): WebhookOperations {
  const { policy, settleMs, attemptOnce, call } = transport;
  const webhooks: WebhookOperations = {
    listWebhooks: () =>
      call({ operation: 'listWebhooks', method: 'GET', path: '/webhooks' }, (body) =>
        parseWebhooks('listWebhooks', body),
      ),

    createWebhook(registration) {
      const operation = 'createWebhook';
      const request: HttpRequest = {
        operation,
        method: 'POST',
        path: '/webhooks',
        body: { ...registration },
        secrets: secretsOf(registration),
      };
      return createOnce(policy, settleMs, {
        operation,
        snapshot: async () => new Set((await webhooks.listWebhooks()).map((webhook) => webhook.id)),
        newMatches: async (before) =>
          (await webhooks.listWebhooks())
            .filter((webhook) => !before.has(webhook.id) && webhook.endpoint === registration.endpoint)
            .map((webhook) => webhook.id),
        attempt: (attempt) => attemptOnce(request, attempt, (body) => parseWebhook(operation, body)),
        adopt: (id) => ({ ...publicFields(registration), id }),
      });
    },

    updateWebhook(webhookId, registration) {
      const operation = 'updateWebhook';
      return call(
        {
          operation,
          method: 'PUT',
          path: `/webhooks/${encodeURIComponent(webhookId)}`,
          body: { ...registration },
          secrets: secretsOf(registration),
        },
        // The update's answer is not documented: an empty one means "done as asked".
        (body) => parseWebhook(operation, body ?? { ...publicFields(registration), id: webhookId }),
      );
    },

    async deleteWebhook(webhookId) {
      await transport.deleteOnce({
        operation: 'deleteWebhook',
        method: 'DELETE',
        path: `/webhooks/${encodeURIComponent(webhookId)}`,
      });
    },
  };
  return webhooks;
}

/**
 * What a registration holds that must never come back out in an error: the signing secret and the
 * extra header values (where the optional second factor lives).
 */
export function secretsOf(registration: WebhookRegistration): string[] {
  return [registration.hmac, ...Object.values(registration.headersExtra)];
}

/** A registration without its signing secret, fit to be returned and logged. */
function publicFields(registration: WebhookRegistration): Record<string, unknown> {
  const { hmac: _secret, ...rest } = registration;
  return rest;
}
