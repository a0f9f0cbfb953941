/**
 * Environment variable names shared by the CDK stack (which sets them) and the Lambda handlers
 * (which read them), so that the two cannot drift apart.
 */
export const ENV = {
  /** DynamoDB single table: receivables, rate-limit buckets, report waits, idempotency records. */
  tableName: 'RECON_TABLE_NAME',
  /** S3 bucket of the data lake (raw archive, normalized records, quarantine, exports, summaries). */
  bucketName: 'RECON_BUCKET_NAME',
  /** ARN of the Secrets Manager secret holding {email, apiToken, hmacSecret, previousHmacSecret?}. */
  secretArn: 'RECON_SECRET_ARN',
  providerBaseUrl: 'RECON_PROVIDER_BASE_URL',
  /** Requests per second allowed by the provider for the whole account. */
  providerRatePerSecond: 'RECON_PROVIDER_RATE',
  /** Fraction of that rate the limiter keeps in reserve. */
  providerRateMargin: 'RECON_PROVIDER_RATE_MARGIN',
  /** Least time between two requests' slots, ms. */
  providerRateSpacing: 'RECON_PROVIDER_RATE_SPACING',
  /** {@link ReconConfig} as JSON. */
  reconConfig: 'RECON_CONFIG',
  /** SNS topic for run summaries and failures. */
  topicArn: 'RECON_TOPIC_ARN',
  /** The EventBridge bus the nightly run publishes its events on (docs/events.md). */
  eventBusName: 'RECON_EVENT_BUS_NAME',
  /** Webhook receiver settings as JSON (timestamp window, second-factor header name). */
  webhookConfig: 'RECON_WEBHOOK_CONFIG',
  /** The web inbox's sign-in (lib/inbox): the user pool, its app client, the managed login's URL. */
  inboxUserPoolId: 'RECON_INBOX_USER_POOL_ID',
  inboxClientId: 'RECON_INBOX_CLIENT_ID',
  inboxLoginUrl: 'RECON_INBOX_LOGIN_URL',
  /** The inbox's own address (the sign-in's callback, the message's links). */
  inboxUrl: 'RECON_INBOX_URL',
  /** The stage's `reportLanguage`, for the inbox's pages (the workflow's steps have it in their JSON). */
  reportLanguage: 'RECON_REPORT_LANGUAGE',
} as const;
