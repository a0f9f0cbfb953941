/**
 * The web inbox as deployed: the stack's own HTTP API with every route proxied to one Lambda (pages,
 * forms, the CSV download and the sign-in's routes; static assets are inline), and the people's
 * user pool (sign-in-pool.ts). The API does no authorization of its own: every route answers only
 * to a verified session, checked in the Lambda (lambdas/core/sign-in/cognito.ts) before any handler
 * runs, which is also what sends a person without one to the managed login. Nothing of the bucket
 * is public.
 */
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ENV } from '../../lambdas/core/env';
import { CALLBACK_PATH } from '../../lambdas/core/sign-in/cognito';
import { ACCESS_LOG_FORMAT } from '../constructs/access-logs';
import { SignInPool } from './sign-in-pool';

export interface InboxApiProps {
  /** Prefix of the managed login's domain, unique in the region. @default recon-<stage>-<account> */
  readonly domainPrefix?: string;
  readonly idTokenMinutes?: number;
  /** Requests per second per stage, and burst: a few people clicking. @default 20 / 40 */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
}

export class InboxApi extends Construct {
  readonly api: HttpApi;
  readonly signIn: SignInPool;
  /** The inbox's address, also the one the morning message links to. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: InboxApiProps = {}) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { description: 'recon: web inbox', createDefaultStage: false });
    const logs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 20, burstLimit: 40 },
      accessLogSettings: { destination: new LogGroupLogDestination(logs), format: ACCESS_LOG_FORMAT },
    });
    this.url = stage.url.replace(/\/$/, '');
    const { account } = Stack.of(this);
    this.signIn = new SignInPool(this, 'SignIn', {
      inboxUrl: this.url,
      domainPrefix: props.domainPrefix ?? `recon-inbox-${account}`,
      idTokenMinutes: props.idTokenMinutes,
    });
  }

  /** The sign-in settings the inbox Lambda reads (ENV names in lambdas/core/env.ts). */
  environment(): Record<string, string> {
    return {
      [ENV.inboxUserPoolId]: this.signIn.userPool.userPoolId,
      [ENV.inboxClientId]: this.signIn.client.userPoolClientId,
      [ENV.inboxLoginUrl]: this.signIn.domainUrl,
      [ENV.inboxUrl]: this.url,
    };
  }

  /** Every path and method to `handler`; the session check is the handler's first step. */
  serveWith(handler: IFunction): void {
    const integration = new HttpLambdaIntegration('Inbox', handler);
    const routes = [
      ...this.api.addRoutes({ path: '/', methods: [HttpMethod.GET], integration }),
      ...this.api.addRoutes({ path: '/{proxy+}', methods: [HttpMethod.GET, HttpMethod.POST], integration }),
    ];
    for (const route of routes) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `Every route verifies the Cognito session in the Lambda first; ${CALLBACK_PATH} and the login redirect must answer people not yet signed in.`,
      });
    }
  }
}
