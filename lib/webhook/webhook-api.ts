/**
 * The public HTTPS endpoint the provider posts report events to: an HTTP API with one route,
 * `POST /webhook`, proxied to the webhook Lambda (`lambdas/webhook/handler.ts`).
 *
 * The function itself is built by the stack's base Lambda construct (runtime, bundling, tracing,
 * log retention) and passed in, so this construct only does what is specific to the webhook: the
 * API, its throttling and access logs, and the least-privilege grants the receiver needs. The stack
 * sets the function's environment with {@link webhookEnvironment} and publishes {@link WebhookApi.url}
 * as the `WebhookUrl` output, the address to register with `recon webhooks create`.
 */
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ENV } from '../../lambdas/core/env';
import type { WebhookConfig } from '../../lambdas/core/webhook/config';
import { ACCESS_LOG_FORMAT } from '../constructs/access-logs';
import type { ProviderSecret } from '../secrets/provider-secret';

/** Path of the single route; the registered endpoint is `<api url>webhook`. */
export const WEBHOOK_PATH = '/webhook';

export interface WebhookApiProps {
  /** The webhook Lambda, built by the stack's base function construct from `lambdas/webhook/handler.ts`. */
  readonly handler: IFunction;
  /** The single table: report waits and delivery dedupe records live there. */
  readonly table: ITable;
  /**
   * recon's secret: the handler reads the HMAC secret(s) from it. Granted through its own `grantRead`,
   * the one grant that also covers an imported secret's customer-managed key.
   */
  readonly secret: Pick<ProviderSecret, 'grantRead'>;
  /** The nightly workflow whose `.waitForTaskToken` steps the webhook resumes. */
  readonly stateMachine: IStateMachine;
  /**
   * Stage throttling. The provider sends one event per report page; a burst far above that is
   * not the provider, and throttling it keeps a flood from reaching the Lambda.
   * @default { rateLimit: 20, burstLimit: 40 }
   */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
  /** @default RetentionDays.ONE_MONTH */
  readonly accessLogRetention?: RetentionDays;
}

/** Environment of the webhook Lambda; the stack passes it to the function it builds. */
export function webhookEnvironment(props: {
  readonly table: ITable;
  readonly secret: ISecret;
  readonly config?: Partial<WebhookConfig>;
}): Record<string, string> {
  return {
    [ENV.tableName]: props.table.tableName,
    [ENV.secretArn]: props.secret.secretArn,
    [ENV.webhookConfig]: JSON.stringify(props.config ?? {}),
  };
}

export class WebhookApi extends Construct {
  readonly api: HttpApi;
  /** Full URL to register with the provider: `https://<api id>.execute-api.<region>.amazonaws.com/webhook`. */
  readonly url: string;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: WebhookApiProps) {
    super(scope, id);
    const throttle = props.throttle ?? { rateLimit: 20, burstLimit: 40 };

    this.api = new HttpApi(this, 'Api', {
      description: 'recon: provider webhook receiver',
      createDefaultStage: false,
    });
    const route = this.api.addRoutes({
      path: WEBHOOK_PATH,
      methods: [HttpMethod.POST],
      integration: new HttpLambdaIntegration('Receiver', props.handler),
    });
    for (const r of route) {
      Validations.of(r).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'The provider can only sign the body (HMAC) and add fixed headers; the Lambda verifies both before any side effect.',
      });
    }

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: ACCESS_LOG_FORMAT,
      },
    });
    this.url = `${stage.url}${WEBHOOK_PATH.slice(1)}`;

    props.table.grant(
      props.handler,
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    );
    props.secret.grantRead(props.handler);
    props.stateMachine.grantTaskResponse(props.handler);
  }
}
