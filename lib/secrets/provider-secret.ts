import { Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PLACEHOLDER_CREDENTIAL } from '../../lambdas/core/secret';

export interface ProviderSecretProps {
  /** Use an existing secret instead of creating one. */
  readonly secretArn?: string;
}

/**
 * The provider credentials and webhook HMAC secret, `{email, apiToken, hmacSecret}` as JSON in
 * Secrets Manager. Imported by ARN, or created with a generated `hmacSecret` and placeholders for the
 * e-mail and token, which an operator sets after deploy: no credential ever appears in the template.
 */
export class ProviderSecret extends Construct {
  public readonly secret: secretsmanager.ISecret;

  constructor(scope: Construct, id: string, props: ProviderSecretProps = {}) {
    super(scope, id);
    if (props.secretArn) {
      this.secret = secretsmanager.Secret.fromSecretCompleteArn(this, 'Imported', props.secretArn);
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
}
