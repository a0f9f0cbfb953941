import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { DefinitionBody, Pass, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { ProviderSecret, type ProviderSecretProps } from '../../lib/secrets/provider-secret';
import { WebhookApi, webhookEnvironment } from '../../lib/webhook/webhook-api';

/** The stand-ins for the stack's own resources are not under test; only the construct's findings count. */
function acknowledgeFixtureFindings(fixtures: Record<string, IConstruct>) {
  const reason = 'test fixture, not part of WebhookApi';
  const ids = {
    table: ['AwsSolutions::AwsSolutions-DDB3'],
    stateMachine: ['AwsSolutions::AwsSolutions-SF1', 'AwsSolutions::AwsSolutions-SF2'],
    handler: [
      'AwsSolutions::AwsSolutions-L1',
      'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    ],
  };
  for (const [name, construct] of Object.entries(fixtures)) {
    for (const id of ids[name as keyof typeof ids]) Validations.of(construct).acknowledge({ id, reason });
  }
}

function synth(
  props: Partial<ConstructorParameters<typeof WebhookApi>[2]> = {},
  nag = false,
  secretProps: ProviderSecretProps = {},
) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new Stack(app, 'WebhookTest', { env: { account: '123456789012', region: 'sa-east-1' } });
  const table = new Table(stack, 'Table', {
    partitionKey: { name: 'pk', type: AttributeType.STRING },
    sortKey: { name: 'sk', type: AttributeType.STRING },
  });
  const providerSecret = new ProviderSecret(stack, 'Secret', secretProps);
  const { secret } = providerSecret;
  const stateMachine = new StateMachine(stack, 'Workflow', {
    definitionBody: DefinitionBody.fromChainable(new Pass(stack, 'Start')),
  });
  const handler = new LambdaFunction(stack, 'Handler', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => ({ statusCode: 200 });'),
    environment: webhookEnvironment({ table, secret, config: { secondFactorHeader: 'x-recon-key' } }),
  });
  const webhook = new WebhookApi(stack, 'Webhook', {
    handler,
    table,
    secret: providerSecret,
    stateMachine,
    ...props,
  });
  if (nag) acknowledgeFixtureFindings({ table, stateMachine, handler });
  return { stack, webhook, template: Template.fromStack(stack) };
}

/** Every IAM action the stack grants (the handler's role is the only role with a policy). */
function grantedActions(template: Template): string[] {
  const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p) =>
      (p as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties
        .PolicyDocument.Statement,
  );
  return statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])).sort();
}

describe('WebhookApi', () => {
  it('routes only POST /webhook to the Lambda through a v2 proxy integration', () => {
    const { template } = synth();
    template.resourceCountIs('AWS::ApiGatewayV2::Route', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /webhook' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
    });
  });

  it('throttles the default stage and writes JSON access logs to a retained log group', () => {
    const { template } = synth();
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('WebhookAccessLogs'), 'Arn'] },
        Format: Match.serializedJson(
          Match.objectLike({ requestId: '$context.requestId', status: '$context.status' }),
        ),
      },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('takes throttling from props', () => {
    const { template } = synth({ throttle: { rateLimit: 5, burstLimit: 10 } });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
    });
  });

  it('grants item writes on the table, secret reads and task responses, nothing broader', () => {
    expect(grantedActions(synth().template)).toEqual(
      [
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
        'states:SendTaskFailure',
        'states:SendTaskHeartbeat',
        'states:SendTaskSuccess',
      ].sort(),
    );
  });

  it("grants an imported secret's key decrypt (through Secrets Manager) with the same one grant", () => {
    const secretArn = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-provider-AbCdEf';
    const keyArn = 'arn:aws:kms:sa-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    const { template } = synth({}, false, { secretArn, secretKmsKeyArn: keyArn });
    expect(grantedActions(template)).toContain('kms:Decrypt');
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'kms:Decrypt',
            Resource: keyArn,
            Condition: { StringEquals: { 'kms:ViaService': 'secretsmanager.sa-east-1.amazonaws.com' } },
          }),
        ]),
      },
    });
  });

  it('gives the handler its environment under the shared names and exposes the endpoint URL', () => {
    const { template, webhook, stack } = synth();
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          [ENV.tableName]: { Ref: Match.stringLikeRegexp('Table') },
          [ENV.secretArn]: { Ref: Match.stringLikeRegexp('Secret') },
          [ENV.webhookConfig]: '{"secondFactorHeader":"x-recon-key"}',
        },
      },
    });
    const url = JSON.stringify(stack.resolve(webhook.url));
    expect(url).toContain('https://');
    expect(url).toContain('.execute-api.sa-east-1.');
    expect(url).toMatch(/\/webhook"\]\]\}$/);
  });

  it('passes the AWS Solutions checks for everything it creates', () => {
    expect(() => synth({}, true)).not.toThrow();
  });
});
