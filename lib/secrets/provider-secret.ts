import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PLACEHOLDER_CREDENTIAL } from '../../lambdas/core/secret';

export interface ProviderSecretProps {
  /** Use an existing secret instead of creating one. */
  readonly secretArn?: string;
  /**
   * The customer-managed KMS key the imported secret is encrypted with. Given, every `grantRead` of
   * the secret also grants kms:Decrypt on it (through Secrets Manager only); without it a reader of
   * such a secret is refused at run time, on the first night.
   */
  readonly secretKmsKeyArn?: string;
}

/**
 * The provider credentials and webhook HMAC secret, `{email, apiToken, hmacSecret}` as JSON in
 * Secrets Manager. Imported by ARN, or created with a generated `hmacSecret` and placeholders for the
 * e-mail and token, which an operator sets after deploy: no credential ever appears in the template.
 */
export class ProviderSecret extends Construct {
  public readonly secret: secretsmanager.ISecret;
  /** The imported secret's customer-managed key, when it has one. */
  private readonly keyArn?: string;

  constructor(scope: Construct, id: string, props: ProviderSecretProps = {}) {
    super(scope, id);
    if (props.secretArn) {
      this.secret = secretsmanager.Secret.fromSecretCompleteArn(this, 'Imported', props.secretArn);
      this.keyArn = props.secretKmsKeyArn;
      return;
    }
    const created = new secretsmanager.Secret(this, 'Secret', {
      description: 'recon: provider e-mail + API token (set after deploy) and webhook HMAC secret',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({
          email: PLACEHOLDER_CREDENTIAL,
          apiToken: PLACEHOLDER_CREDENTIAL,
        }),
        generateStringKey: 'hmacSecret',
        excludePunctuation: true,
        passwordLength: 48,
      },
    });
    Validations.of(created).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The API token is issued by the provider (admin area, "API tokens"); no rotation Lambda can create one. ' +
        'Rotation is an operator procedure: put the new token and keep previousHmacSecret during a webhook rotation.',
    });
    this.secret = created;
  }

  /** Lets `grantee` read the secret and, when it has a customer-managed key, decrypt it: one grant, both parts. */
  grantRead(grantee: iam.IGrantable): void {
    this.secret.grantRead(grantee);
    this.grantKeyDecrypt(grantee);
  }

  /**
   * Lets `grantee` (a reader of the secret) decrypt it with its customer-managed key, through Secrets
   * Manager only. An explicit statement: CDK's own grant on an imported key lands in the key's
   * resource policy when it cannot prove the accounts match, and that policy is not ours to change.
   */
  private grantKeyDecrypt(grantee: iam.IGrantable): void {
    if (!this.keyArn) return;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Decrypt'],
        resources: [this.keyArn],
        conditions: {
          StringEquals: { 'kms:ViaService': `secretsmanager.${Stack.of(this).region}.amazonaws.com` },
        },
      }),
    );
  }
}
