/** A local webhook receiver (node:http) that records what arrives and answers as the test says. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { closeServer, listenOnLoopback } from '../../../local/aws/endpoint';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** `answer(n)` gives the status of the n-th request (0-based); 200 by default. */
export async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer(n)).end();
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  const url = await listenOnLoopback(server);
  return {
    url: `${url}/hook`,
    received,
    /** Resolves once at least `count` requests have arrived. */
    waitFor(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => closeServer(server),
  };
}
