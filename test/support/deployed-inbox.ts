/**
 * The deployed inbox served on 127.0.0.1 for a real browser: a tiny HTTP adapter that builds the
 * API Gateway v2 (payload 2.0) event the stack's HTTP API sends (cookies as an array, the body in
 * base64) and hands it to the inbox Lambda's own function (lambdas/runtime/inbox-lambda.ts) with the
 * Cognito gate, the real `aws-jwt-verify` verifier trusting keys the test generates, and stand-ins
 * for the managed login (another loopback server: its login page, or straight back to the callback
 * with a code once someone "signed in") and for the pool's token endpoint, which issues an ID token
 * for whoever the test says signed in.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { cognitoGate } from '../../lambdas/core/inbox/cognito-gate';
import { buildCognitoSignIn, CALLBACK_PATH } from '../../lambdas/core/sign-in/cognito';
import { inboxLambda } from '../../lambdas/runtime/inbox-lambda';
import { closeServer, listenOnLoopback } from '../../local/aws/endpoint';
import { CLIENT, POOL, signToken, type TestKey, verifierTrusting } from './cognito-keys';
import { AS_OF, type BreaksWorld, REASONS } from './inbox-world';

export interface DeployedInbox {
  readonly url: string;
  /** The stand-in managed login's address. */
  readonly loginUrl: string;
  /** Who signs in at the login next (the claims of the ID token issued); undefined: nobody, its page stays. */
  signsIn(claims: Record<string, unknown> | undefined): void;
  close(): Promise<void>;
}

/** The managed login: `/oauth2/authorize` shows its page, or sends the person back with a code. */
function loginServer(signedIn: () => boolean) {
  return createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!signedIn()) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>login</p>');
    const redirect = asked.searchParams.get('redirect_uri');
    // The browser also asks for things like /favicon.ico, which the login does not serve.
    if (!redirect) return void res.writeHead(404).end();
    const back = new URL(redirect);
    back.search = new URLSearchParams({
      code: 'c0de',
      state: asked.searchParams.get('state') ?? '',
    }).toString();
    res.writeHead(302, { Location: back.toString() }).end();
  });
}

async function eventOf(req: IncomingMessage): Promise<APIGatewayProxyEventV2> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const headers = Object.fromEntries(
    Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );
  return {
    version: '2.0',
    routeKey: `${req.method} /{proxy+}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    // As API Gateway passes them: the Cookie header split into its cookies.
    cookies: req.headers.cookie?.split(/;\s*/) ?? [],
    headers,
    requestContext: { http: { method: req.method ?? 'GET', path: url.pathname } },
    ...(body.length > 0
      ? { body: body.toString('base64'), isBase64Encoded: true }
      : { isBase64Encoded: false }),
  } as unknown as APIGatewayProxyEventV2;
}

export async function serveDeployedInbox(world: BreaksWorld, key: TestKey): Promise<DeployedInbox> {
  let claims: Record<string, unknown> | undefined;
  let lambda: ReturnType<typeof inboxLambda> | undefined;
  const server = createServer(async (req, res) => {
    const answer = await lambda?.(await eventOf(req));
    if (!answer) return void res.writeHead(503).end();
    if (answer.cookies) res.setHeader('Set-Cookie', answer.cookies);
    res.writeHead(answer.statusCode ?? 200, answer.headers as Record<string, string>).end(answer.body);
  });
  const login = loginServer(() => claims !== undefined);
  const [url, loginUrl] = await Promise.all([listenOnLoopback(server), listenOnLoopback(login)]);
  const config = {
    userPoolId: POOL,
    clientId: CLIENT,
    domainUrl: loginUrl,
    callbackUrl: `${url}${CALLBACK_PATH}`,
    signOutUrl: `${url}/`,
  };
  const tokenEndpoint = async () =>
    Response.json({ id_token: signToken(claims ?? {}, key), expires_in: 3600 });
  const signIn = buildCognitoSignIn({
    config,
    verifier: verifierTrusting(key),
    fetch: tokenEndpoint as typeof fetch,
  });
  lambda = inboxLambda({
    ...world,
    acceptReasons: REASONS,
    gate: cognitoGate(signIn, 'pt-BR'),
    language: 'pt-BR',
    asOf: () => AS_OF,
  });
  return {
    url,
    loginUrl,
    signsIn: (next) => {
      claims = next;
    },
    close: async () => {
      const closed = [server, login].map(closeServer);
      server.closeAllConnections();
      login.closeAllConnections();
      await Promise.all(closed);
    },
  };
}
