/**
 * The local world's webhook (`recon run --webhook local`, production tests): the real webhook
 * receiver on 127.0.0.1, registered at the provider for the length of the run, so that signed deliveries resume the waiting jobs exactly as in AWS (same
 * receiver, same report waits in DynamoDB). The registration is removed again at the end. A failed
 * registration or removal never passes the hmac on (the client redacts it already; this boundary
 * does again, since its error ends up on the terminal).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProviderClient } from '../../lambdas/core/provider/port';
import { buildRedactor, redactError } from '../../lambdas/core/redact';
import { REPORT_GENERATED_EVENT } from '../../lambdas/core/webhook/event';
import type { ReportWaitsDeps } from '../../lambdas/core/webhook/report-waits';
import { buildWebhookReceiverFrom } from '../../lambdas/runtime/webhook-wiring';
import { startLocalWebhookServer } from './server';

export interface LocalWebhook {
  readonly url: string;
  /** Deletes the registration at the provider, then stops the server. */
  close(): Promise<void>;
}

export async function startLocalWebhook(deps: {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  provider: ProviderClient;
  hmacSecret: string;
  sendTaskSuccess: ReportWaitsDeps['sendTaskSuccess'];
  now: () => Date;
  /** When a delivery arrived. @default `now` */
  receivedAt?: () => Date;
}): Promise<LocalWebhook> {
  const receiver = buildWebhookReceiverFrom({
    ddb: deps.ddb,
    tableName: deps.tableName,
    secrets: async () => ({ current: deps.hmacSecret }),
    sendTaskSuccess: deps.sendTaskSuccess,
    now: deps.now,
    ...(deps.receivedAt ? { receivedAt: deps.receivedAt } : {}),
  });
  const server = await startLocalWebhookServer({ receiver });
  const redact = buildRedactor([deps.hmacSecret]);
  try {
    const webhook = await deps.provider.createWebhook({
      idTipoEvento: REPORT_GENERATED_EVENT,
      endpoint: server.url,
      hmac: deps.hmacSecret,
      headersExtra: {},
      flagAtivo: 1,
    });
    return {
      url: server.url,
      async close() {
        try {
          await deps.provider.deleteWebhook(webhook.id);
        } catch (error) {
          throw redactError(error, redact);
        } finally {
          await server.close();
        }
      },
    };
  } catch (error) {
    await server.close();
    throw redactError(error, redact);
  }
}
