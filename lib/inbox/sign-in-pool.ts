/**
 * Who may open the web inbox: a Cognito user pool with its managed login, people invited by an
 * administrator only (no self sign-up), two groups (`viewers` read, `operators` decide; a person in
 * neither opens nothing), and one app client for the inbox's code flow with PKCE and no secret.
 * ID tokens live `idTokenMinutes`: that is also the longest a session outlives its person's removal
 * from the pool or from a group (docs/security.md).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { OPERATORS_GROUP, VIEWERS_GROUP } from '../../lambdas/core/sign-in/cognito';

/** The inbox's routes the managed login sends people back to. */
export const CALLBACK_PATH = '/auth/callback';

export interface SignInPoolProps {
  /** The inbox's base URL (its HTTP API's endpoint). */
  readonly inboxUrl: string;
  /** The managed login's domain prefix: `https://<prefix>.auth.<region>.amazoncognito.com`. */
  readonly domainPrefix: string;
  /** @default 60 */
  readonly idTokenMinutes?: number;
  /** @default RETAIN: the people and their groups are not data to lose by a stack change. */
  readonly removalPolicy?: RemovalPolicy;
}

export class SignInPool extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** `https://<prefix>.auth.<region>.amazoncognito.com` */
  readonly domainUrl: string;

  constructor(scope: Construct, id: string, props: SignInPoolProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'People', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      passwordPolicy: {
        minLength: 12,
        requireDigits: true,
        requireLowercase: true,
        requireUppercase: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      deletionProtection: true,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is offered (TOTP) and each company may require it in the pool; a finance team signs in from shared phones too.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason:
        'Threat protection is a paid plan (Plus); the pool has invited people only and the inbox no public sign-up.',
    });
    for (const [group, description] of [
      [VIEWERS_GROUP, 'Read the pendências'],
      [OPERATORS_GROUP, 'Read the pendências and decide on them'],
    ] as const) {
      new cognito.CfnUserPoolGroup(this, `Group-${group}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group,
        description,
      });
    }
    const callbackUrl = `${props.inboxUrl}${CALLBACK_PATH}`;
    this.client = this.userPool.addClient('Inbox', {
      generateSecret: false,
      authFlows: {},
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(props.idTokenMinutes ?? 60),
      accessTokenValidity: Duration.minutes(props.idTokenMinutes ?? 60),
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL],
        callbackUrls: [callbackUrl],
        logoutUrls: [`${props.inboxUrl}/`],
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
    });
    const domain = this.userPool.addDomain('Login', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
      managedLoginVersion: cognito.ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    // The newer managed login shows a page only once the client has a style (Cognito's default one).
    new cognito.CfnManagedLoginBranding(this, 'LoginStyle', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    this.domainUrl = `https://${domain.domainName}.auth.${Stack.of(this).region}.amazoncognito.com`;
  }
}
