/** Shared set-up for the webhook tests: dynalite, the real stores, a recording SendTaskSuccess, signing. */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { buildRequestDedupe } from '../../../lambdas/core/webhook/dedupe';
import {
  buildWebhookReceiver,
  type WebhookReceiverDeps,
  type WebhookRequest,
} from '../../../lambdas/core/webhook/receiver';
import { buildReportWaits, type ReportWaitsDeps } from '../../../lambdas/core/webhook/report-waits';
import { signBody } from '../../../lambdas/core/webhook/signature';
import { ensureTable, type LocalDynamo, startLocalDynamo } from '../../../local/aws/dynamodb';

export const NOW = new Date('2026-11-22T10:00:00.000Z');
export const SECRET = 'current-hmac-secret';
export const PREVIOUS_SECRET = 'previous-hmac-secret';

export interface SentSuccess {
  readonly taskToken: string;
  readonly output: unknown;
}

/** One dynalite for the calling test file, started before its tests and closed after them. */
export function useLocalDynamo(): () => LocalDynamo {
  let dynamo: LocalDynamo | undefined;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await dynamo?.close();
  });
  return () => {
    if (!dynamo) throw new Error('dynalite is not started yet');
    return dynamo;
  };
}

/** A fresh table per call (own table name on one dynalite), so tests can assert on its whole contents. */
export async function webhookFixture(
  dynamo: LocalDynamo,
  options: {
    sendTaskSuccess?: ReportWaitsDeps['sendTaskSuccess'];
    config?: WebhookReceiverDeps['config'];
    secrets?: WebhookReceiverDeps['secrets'];
    logger?: WebhookReceiverDeps['logger'];
    now?: () => Date;
  } = {},
) {
  const tableName = `t${randomUUID().slice(0, 8)}`;
  await ensureTable(dynamo.client, tableName);
  const sent: SentSuccess[] = [];
  const now = options.now ?? (() => NOW);
  const waits = buildReportWaits({
    ddb: dynamo.documentClient,
    tableName,
    now,
    sendTaskSuccess:
      options.sendTaskSuccess ??
      (async (taskToken, output) => {
        sent.push({ taskToken, output });
      }),
  });
  const dedupe = buildRequestDedupe({ ddb: dynamo.documentClient, tableName, now });
  const receiver = buildWebhookReceiver({
    secrets: options.secrets ?? (async () => ({ current: SECRET, previous: PREVIOUS_SECRET })),
    waits,
    dedupe,
    now,
    config: options.config,
    logger: options.logger,
  });
  async function items(): Promise<Record<string, unknown>[]> {
    const { Items } = await dynamo.documentClient.send(new ScanCommand({ TableName: tableName }));
    return Items ?? [];
  }
  return { tableName, sent, waits, dedupe, receiver, items };
}

export function eventBody(requestId: string, reportId: string, page: number): string {
  return `{"version":"1.0","requestId":"${requestId}","payload":{"evento":{"code":1,"descricao":"Arquivo gerado"},"data":{"id":${reportId},"pagina":${page}}}}`;
}

/** A delivery as the provider sends it; `headers` overrides or (with undefined) removes headers. */
export function delivery(
  options: {
    requestId?: string;
    reportId?: string;
    page?: number;
    body?: string;
    secret?: string;
    timestamp?: string;
    headers?: Record<string, string | undefined>;
  } = {},
): WebhookRequest {
  const requestId = options.requestId ?? randomUUID();
  const body =
    options.body ?? eventBody(requestId, options.reportId ?? '9007199254740993', options.page ?? 1);
  const raw = Buffer.from(body);
  return {
    headers: {
      'x-request-id': requestId,
      'x-signature': signBody(options.secret ?? SECRET, raw),
      'x-signature-algorithm': 'HMAC-SHA256',
      'x-signature-version': 'v1',
      'x-timestamp': options.timestamp ?? String(Math.floor(NOW.getTime() / 1000)),
      'content-type': 'application/json',
      ...options.headers,
    },
    body: raw.toString('base64'),
    isBase64Encoded: true,
  };
}
