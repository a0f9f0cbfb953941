/**
 * The inbox's handlers (lambdas/core/inbox/) on a node:http server bound to 127.0.0.1 only: a
 * form body is read up to a small limit, handed over as plain values, and the answer written back.
 * Closing drops kept-alive connections, so Ctrl-C never waits on an idle browser tab.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { Inbox } from '../../lambdas/core/inbox/app';
import type { InboxRequest } from '../../lambdas/core/inbox/http';
import { closeServer, listenOnLoopback } from '../../local/aws/endpoint';

/** A decision's form is a few hundred bytes; a bulk accept of a page of breaks, some kilobytes. */
const MAX_BODY = 256 * 1024;

export interface InboxServer {
  readonly url: string;
  close(): Promise<void>;
}

class TooLarge extends Error {}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  if (req.method !== 'POST') return new URLSearchParams();
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new TooLarge();
    chunks.push(chunk);
  }
  const type = req.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded')
    ? new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    : new URLSearchParams();
}

export async function startInboxServer(inbox: Inbox, port = 0): Promise<InboxServer> {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: InboxRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form: await formOf(req),
        ...(req.headers.cookie === undefined ? {} : { cookie: req.headers.cookie }),
      };
      const answer = await inbox.handle(request);
      res.writeHead(answer.status, answer.headers).end(answer.body);
    } catch (error) {
      const status = error instanceof TooLarge ? 413 : 500;
      if (status === 500) process.stderr.write(`recon inbox: ${(error as Error).stack ?? String(error)}\n`);
      if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(status === 413 ? 'too large' : 'erro interno');
    }
  });
  const url = await listenOnLoopback(server, port);
  return {
    url,
    close: async () => {
      const closed = closeServer(server);
      server.closeAllConnections();
      await closed;
    },
  };
}
