/**
 * The webhook receiver wired to its stores: the same wiring for the deployed webhook Lambda and the
 * local receiver of `recon run --webhook local`, so a local run checks deliveries exactly as AWS does.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { buildRequestDedupe } from '../core/webhook/dedupe';
import { buildWebhookReceiver, type WebhookReceiverDeps } from '../core/webhook/receiver';
import { buildReportWaits, type ReportWaitsDeps } from '../core/webhook/report-waits';

export interface WebhookWiring extends Pick<WebhookReceiverDeps, 'secrets' | 'config' | 'logger'> {
  readonly ddb: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly sendTaskSuccess: ReportWaitsDeps['sendTaskSuccess'];
  /** The stores' clock (claims, dedupe expiry). */
  readonly now: () => Date;
  /**
   * The clock `x-timestamp` is checked against: the real time, even when a local run's own clock is
   * pinned to another business date (`--as-of`), since the provider stamps deliveries with real time.
   */
  readonly receivedAt?: () => Date;
}

export function buildWebhookReceiverFrom(wiring: WebhookWiring) {
  const { ddb, tableName, now } = wiring;
  return buildWebhookReceiver({
    secrets: wiring.secrets,
    waits: buildReportWaits({ ddb, tableName, sendTaskSuccess: wiring.sendTaskSuccess, now }),
    dedupe: buildRequestDedupe({ ddb, tableName, now }),
    ...(wiring.config ? { config: wiring.config } : {}),
    ...(wiring.logger ? { logger: wiring.logger } : {}),
    now: wiring.receivedAt ?? now,
  });
}
