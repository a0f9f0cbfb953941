/**
 * The provider's front door on its own thread (see `thread.ts`): stamps and counts every request the
 * moment it arrives, answers 429 past the rate as the simulator does, and forwards the rest to the
 * simulator's thread. That thread renders 1,000-record pages synchronously (11 to 60 ms each on this
 * machine); stamped there, a request arriving during a render was counted up to 60 ms late and
 * bunched with the ones after it, which no provider whose gateway counts requests would see.
 */
import { Agent, createServer, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { closeServer, listenOnLoopback } from '../../aws/endpoint';
import { buildRateWindow } from '../http/rate-window';

export interface FrontOptions {
  /** The simulator's own URL, its rate limit off: the front door enforces it. */
  readonly target: string;
  readonly ratePerSecond: number;
}

export interface FrontStats {
  readonly requests: number;
  readonly rateLimited: number;
  readonly maxRequestsInAnySecond: number;
  readonly tightestSpanMs: number | null;
  /** Arrival stamps since the last reset, on the clock shared by every thread (`timeOrigin + now()`). */
  readonly arrivals: readonly number[];
}

type Call = { id: number; method: 'stats' | 'resetStats' | 'close' };

const port = parentPort;
if (!port) throw new Error('front-worker.ts runs in a worker thread');
const { target, ratePerSecond } = workerData as FrontOptions;
const rate = buildRateWindow(ratePerSecond);
const agent = new Agent({ keepAlive: true });
let counts = { requests: 0, rateLimited: 0 };
let arrivals: number[] = [];

const server = createServer((req, res) => {
  const arrival = performance.now();
  counts.requests++;
  arrivals.push(performance.timeOrigin + arrival);
  rate.arrive(arrival);
  const decision = rate.tryAccept(arrival);
  if (!decision.allowed) {
    counts.rateLimited++;
    const body = JSON.stringify({ mensagem: 'Limite de requisições excedido' });
    res.writeHead(429, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(decision.retryAfterSeconds),
    });
    res.end(body);
    req.resume();
    return;
  }
  const upstream = request(
    new URL(req.url ?? '/', target),
    { method: req.method, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});

port.postMessage({ url: await listenOnLoopback(server) });

port.on('message', ({ id, method }: Call) => {
  if (method === 'stats') {
    const stats: FrontStats = {
      ...counts,
      maxRequestsInAnySecond: rate.maxInAnySecond(),
      tightestSpanMs: rate.tightestSpanMs(),
      arrivals,
    };
    port.postMessage({ id, value: stats });
  } else if (method === 'resetStats') {
    counts = { requests: 0, rateLimited: 0 };
    arrivals = [];
    rate.resetMeasure();
    port.postMessage({ id });
  } else {
    agent.destroy();
    server.closeAllConnections();
    void closeServer(server).then(() => {
      port.postMessage({ id });
      port.close();
    });
  }
});
