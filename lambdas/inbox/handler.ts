/**
 * The web inbox behind the stack's HTTP API: every route of lambdas/core/inbox/, signed in through
 * Cognito's managed login (cognito-gate.ts). The API Gateway v2 event is adapted to the inbox's
 * plain request and back (runtime/inbox-lambda.ts); clients and settings are built once per cold start.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import { businessDate } from '../core/calendar';
import { ENV } from '../core/env';
import { cognitoGate } from '../core/inbox/cognito-gate';
import { buildCognitoSignIn, CALLBACK_PATH } from '../core/sign-in/cognito';
import { tracer } from '../runtime/aws-clients';
import { buildBreakRecordsService, buildBreaksService } from '../runtime/deps/breaks';
import { requiredEnv } from '../runtime/env';
import { inboxLambda } from '../runtime/inbox-lambda';
import { cognitoVerifier } from '../runtime/sign-in';
import {
  bucketFromEnv,
  reconConfigFromEnv,
  reportLanguageFromEnv,
  tableFromEnv,
} from '../runtime/workflow-env';

const logger = new Logger({ serviceName: 'recon-inbox' });
const reconConfig = reconConfigFromEnv();
const language = reportLanguageFromEnv();
const inboxUrl = requiredEnv(ENV.inboxUrl);
const signInConfig = {
  userPoolId: requiredEnv(ENV.inboxUserPoolId),
  clientId: requiredEnv(ENV.inboxClientId),
  domainUrl: requiredEnv(ENV.inboxLoginUrl),
  callbackUrl: `${inboxUrl}${CALLBACK_PATH}`,
  signOutUrl: `${inboxUrl}/`,
};
const asOf = () => businessDate(new Date());
// A match by hand writes its receivables as of the day it is taken, as the CLI does.
const wiring = { ...tableFromEnv(), ...bucketFromEnv(), reconConfig, now: () => new Date(), matchAsOf: asOf };

export const handler = middy(
  inboxLambda({
    breaks: buildBreaksService(wiring),
    records: buildBreakRecordsService(wiring),
    acceptReasons: reconConfig.breaks.acceptReasons,
    gate: cognitoGate(
      buildCognitoSignIn({ config: signInConfig, verifier: cognitoVerifier(signInConfig), fetch }),
      language,
    ),
    language,
    asOf,
  }),
)
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .use(injectLambdaContext(logger));
