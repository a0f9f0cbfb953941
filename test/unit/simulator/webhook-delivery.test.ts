/**
 * The simulator's webhook delivery sends one POST per page at once. It must not pile listeners on a
 * shared AbortSignal (Node's MaxListenersExceededWarning past 10, which tests used to print), and
 * `close()` must still stop the requests in flight.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildFaultState } from '../../../local/simulator/faults/faults';
import { buildDeliverer } from '../../../local/simulator/webhooks/webhook-delivery';

const PAGES = 30;

interface HeldServer {
  readonly url: string;
  readonly held: ServerResponse[];
  readonly closed: () => number;
  readonly server: Server;
}

/** A receiver that holds every request unanswered, so all deliveries are in flight together. */
async function holdingServer(): Promise<HeldServer> {
  const held: ServerResponse[] = [];
  let closed = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.socket.on('close', () => closed++);
    held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, held, closed: () => closed, server };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('simulator webhook delivery', () => {
  let receiver: HeldServer;
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeEach(async () => {
    warnings.length = 0;
    process.on('warning', onWarning);
    receiver = await holdingServer();
  });
  afterEach(async () => {
    process.off('warning', onWarning);
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  function deliverer() {
    const webhook = {
      id: '1001',
      idTipoEvento: 1,
      endpoint: receiver.url,
      hmac: 'test-secret',
      headersExtra: {},
      flagAtivo: 1,
    };
    return buildDeliverer({
      seed: 42,
      registry: { active: () => [webhook] },
      faults: buildFaultState(42),
      retry: { attempts: 1, baseDelayMs: 10 },
    });
  }

  it(`has ${PAGES} events in flight at once without a listener-leak warning, and logs each answer`, async () => {
    const delivery = deliverer();
    delivery.schedule({ id: '9007199255355033', pages: PAGES }, 0);
    await until(() => receiver.held.length === PAGES);
    for (const res of receiver.held) res.end();
    await until(() => delivery.log().length === PAGES);
    await new Promise((resolve) => setImmediate(resolve));

    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(delivery.log().map((d) => d.status)).toEqual(Array(PAGES).fill(200));
    expect(new Set(delivery.log().map((d) => d.pagina)).size).toBe(PAGES);
    delivery.close();
  });

  it('close() ends the requests in flight and logs none of them', async () => {
    const delivery = deliverer();
    delivery.schedule({ id: '9007199255355033', pages: PAGES }, 0);
    await until(() => receiver.held.length === PAGES);

    delivery.close();
    await until(() => receiver.closed() === PAGES);

    expect(delivery.log()).toEqual([]);
  });
});
