/**
 * The deployed sign-in's token verifier: `aws-jwt-verify` against the user pool's published keys
 * (fetched once per container and cached), for ID tokens of the inbox's own app client only.
 */
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { SignInConfig, TokenVerifier } from '../core/sign-in/cognito';

/** The verifier, with `cacheJwks` for tests that bring their own keys. */
export function cognitoVerifier(config: Pick<SignInConfig, 'userPoolId' | 'clientId'>) {
  const verifier = CognitoJwtVerifier.create({
    userPoolId: config.userPoolId,
    clientId: config.clientId,
    tokenUse: 'id',
  });
  const verify: TokenVerifier['verify'] = (token) => verifier.verify(token);
  return { verify, cacheJwks: verifier.cacheJwks.bind(verifier) };
}
