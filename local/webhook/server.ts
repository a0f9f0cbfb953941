/**
 * The webhook receiver on this machine, for `recon run --env production --webhook local`: a
 * node:http server on 127.0.0.1 that hands each request to the same `receive()` the Lambda uses.
 * The body goes in as its raw bytes in base64 (`isBase64Encoded: true`), so local runs exercise the
 * byte-exact signature path that API Gateway uses for binary bodies.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { WebhookReceiver } from '../../lambdas/core/webhook/receiver';
import { closeServer, listenOnLoopback } from '../aws/endpoint';

export interface LocalWebhookServer {
  /** Endpoint to register with the provider, e.g. `http://127.0.0.1:43121/webhook`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Keeps at most this much of a body (the receiver answers 413 far below it); the rest is read and
 * dropped, so the sender is not cut off mid-upload and does get the 413.
 */
const KEEP_LIMIT_BYTES = 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of request) {
    if (kept > KEEP_LIMIT_BYTES) continue;
    chunks.push(chunk as Buffer);
    kept += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks);
}

function singleValued(headers: IncomingMessage['headers']): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
  );
}

export async function startLocalWebhookServer(options: {
  receiver: WebhookReceiver;
  port?: number;
}): Promise<LocalWebhookServer> {
  const server = createServer(async (request, response) => {
    const send = (statusCode: number, body: string) => {
      response.writeHead(statusCode, { 'content-type': 'application/json' }).end(body);
    };
    if (request.method !== 'POST' || request.url !== '/webhook') {
      send(404, '{"message":"not found"}');
      return;
    }
    try {
      const body = await readBody(request);
      const result = await options.receiver.receive({
        headers: singleValued(request.headers),
        body: body.toString('base64'),
        isBase64Encoded: true,
      });
      send(result.statusCode, result.body);
    } catch {
      send(500, '{"message":"internal error"}');
    }
  });
  const base = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: `${base}/webhook`,
    close: () => {
      server.closeAllConnections();
      return closeServer(server);
    },
  };
}
