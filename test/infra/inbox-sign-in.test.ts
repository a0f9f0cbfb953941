/**
 * The inbox's deployed sign-in as synthesized: invited people only, two groups, a code-flow client
 * without a secret whose callback is the inbox's own, the managed login, and an API whose every
 * route goes to the one Lambda that checks the session first. cdk-nag runs on synthesis.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { InboxApi } from '../../lib/inbox/inbox-api';

function synth() {
  const app = new App();
  const stack = new Stack(app, 'InboxTest', { env: { account: '123456789012', region: 'sa-east-1' } });
  const inbox = new InboxApi(stack, 'Inbox', { idTokenMinutes: 30 });
  const fn = new lambda.Function(stack, 'Handler', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => ({ statusCode: 401 })'),
    environment: inbox.environment(),
  });
  inbox.serveWith(fn);
  return Template.fromStack(stack);
}

describe('the inbox sign-in (CDK)', () => {
  const template = synth();

  it('lets in only people an administrator invited, with a strong password', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 12, RequireSymbols: true }) },
      DeletionProtection: 'ACTIVE',
    });
    const groups = Object.values(template.findResources('AWS::Cognito::UserPoolGroup')).map(
      (g) => g.Properties.GroupName,
    );
    expect(groups.sort()).toEqual(['operators', 'viewers']);
  });

  it('has one client: code flow, no secret, callback to the inbox itself, tokens of 30 minutes', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    const p = client?.Properties;
    expect(p.GenerateSecret).toBe(false);
    expect(p.AllowedOAuthFlows).toEqual(['code']);
    expect(p.AllowedOAuthFlowsUserPoolClient).toBe(true);
    expect(p.AllowedOAuthScopes.sort()).toEqual(['email', 'openid']);
    expect(p.IdTokenValidity).toBe(30);
    expect(JSON.stringify(p.CallbackURLs)).toMatch(/\/auth\/callback/);
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { ManagedLoginVersion: 2 });
    template.resourceCountIs('AWS::Cognito::ManagedLoginBranding', 1);
  });

  it('sends every route to the Lambda, with no authorizer of its own, throttled and logged', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey,
    );
    expect(routes.sort()).toEqual(['GET /', 'GET /{proxy+}', 'POST /{proxy+}']);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 20 }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
    const env = Object.values(template.findResources('AWS::Lambda::Function'))
      .map((f) => f.Properties.Environment?.Variables ?? {})
      .find((v) => 'RECON_INBOX_CLIENT_ID' in v);
    expect(Object.keys(env ?? {}).sort()).toEqual([
      'RECON_INBOX_CLIENT_ID',
      'RECON_INBOX_LOGIN_URL',
      'RECON_INBOX_URL',
      'RECON_INBOX_USER_POOL_ID',
    ]);
  });
});
