/**
 * The web inbox behind the stack's HTTP API: every route of lambdas/core/inbox/, signed in through
 * Cognito's managed login (cognito-gate.ts). The API Gateway v2 event is adapted to the inbox's
 * plain request and back; clients and settings are built once per cold start.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { businessDate } from '../core/calendar';
import { ENV } from '../core/env';
import { buildInbox } from '../core/inbox/app';
import { cognitoGate } from '../core/inbox/cognito-gate';
import { buildCognitoSignIn, CALLBACK_PATH } from '../core/sign-in/cognito';
import { tracer } from '../runtime/aws-clients';
import { buildBreakRecordsService, buildBreaksService } from '../runtime/deps/breaks';
import { requiredEnv } from '../runtime/env';
import { toInboxRequest } from '../runtime/inbox-event';
import { cognitoVerifier } from '../runtime/sign-in';
import { bucketFromEnv, reconConfigFromEnv, tableFromEnv } from '../runtime/workflow-env';

const logger = new Logger({ serviceName: 'recon-inbox' });
const reconConfig = reconConfigFromEnv();
const inboxUrl = requiredEnv(ENV.inboxUrl);
const signInConfig = {
  userPoolId: requiredEnv(ENV.inboxUserPoolId),
  clientId: requiredEnv(ENV.inboxClientId),
  domainUrl: requiredEnv(ENV.inboxLoginUrl),
  callbackUrl: `${inboxUrl}${CALLBACK_PATH}`,
  signOutUrl: `${inboxUrl}/`,
};
const gate = cognitoGate(
  buildCognitoSignIn({ config: signInConfig, verifier: cognitoVerifier(signInConfig), fetch }),
);
const wiring = { ...tableFromEnv(), ...bucketFromEnv(), reconConfig, now: () => new Date() };
const breaks = buildBreaksService(wiring);
const records = buildBreakRecordsService(wiring);

export const handler = middy(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const inbox = buildInbox({
      breaks,
      records,
      asOf: businessDate(new Date()),
      acceptReasons: reconConfig.breaks.acceptReasons,
      gate,
    });
    const answer = await inbox.handle(toInboxRequest(event));
    return {
      statusCode: answer.status,
      headers: { ...answer.headers },
      body: answer.body,
      ...(answer.cookies ? { cookies: [...answer.cookies] } : {}),
    };
  },
)
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .use(injectLambdaContext(logger));
