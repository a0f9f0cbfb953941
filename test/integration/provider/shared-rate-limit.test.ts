import { Worker } from 'node:worker_threads';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderClient } from '../../../lambdas/core/provider/port';
import { buildDynamoLimiter } from '../../../lambdas/core/rate-limit/dynamo';
import { buildInProcessLimiter } from '../../../lambdas/core/rate-limit/in-process';
import { TABLE } from '../../../lambdas/core/store/table';
import { createDynamoClients, type LocalDynamo, startDynamoProcess } from '../../../local/aws/dynamodb';
import { type Simulator, startSimulator } from '../../../local/simulator';
import { clientFor } from './simulator-harness';

let dynamo: LocalDynamo;
let simulator: Simulator;
beforeAll(async () => {
  // DynamoDB is remote to the Lambdas: its work must not stall the process that stamps arrivals.
  [dynamo, simulator] = await Promise.all([startDynamoProcess(), startSimulator({ mode: 'sandbox' })]);
});
afterAll(async () => {
  await Promise.all([dynamo.close(), simulator.close()]);
});

/** `callers` clients each sending `perCaller` requests, `inFlight` at a time (a Lambda's page map). */
async function burst(
  clients: ProviderClient[],
  perCaller: number,
  inFlight: number,
): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.all(
    clients.map(async (client) => {
      const results: PromiseSettledResult<unknown>[] = [];
      for (let sent = 0; sent < perCaller; sent += inFlight) {
        const batch = Array.from({ length: Math.min(inFlight, perCaller - sent) }, () =>
          client.listConfigurations(),
        );
        results.push(...(await Promise.allSettled(batch)));
      }
      return results;
    }),
  ).then((all) => all.flat());
}

/** A DocumentClient of its own (as a separate Lambda has) that counts the requests it sends. */
function countingDocumentClient(counter: { requests: number }): DynamoDBDocumentClient {
  const { documentClient } = createDynamoClients(dynamo.endpoint);
  return {
    send: (command: never) => {
      counter.requests++;
      return documentClient.send(command);
    },
  } as unknown as DynamoDBDocumentClient;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limit as the provider counts it', () => {
  it('keeps 4 separate callers sharing the DynamoDB limiter within 10 requests in any second', async () => {
    simulator.resetStats();
    const clients = Array.from({ length: 4 }, () => {
      // Separate SDK clients and limiter instances, as separate Lambdas would have.
      const { documentClient } = createDynamoClients(dynamo.endpoint);
      const limiter = buildDynamoLimiter({
        ddb: documentClient,
        tableName: dynamo.tableName,
        account: 'shared',
      });
      return clientFor(simulator, { limiter, maxAttempts: 1 });
    });
    const results = await burst(clients, 10, 3);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const stats = simulator.stats();
    expect(stats.requests).toBe(40);
    expect(stats.rateLimited).toBe(0);
    expect(stats.maxRequestsInAnySecond).toBeLessThanOrEqual(10);
  });

  it('keeps them within 10 in any second while another thread keeps a core busy (a loaded machine)', async () => {
    // The previous test's requests are still in the provider's one-second window: let them pass first.
    await sleep(1_100);
    simulator.resetStats();
    const burner = new Worker('for (;;) {}', { eval: true });
    try {
      const clients = Array.from({ length: 4 }, () =>
        clientFor(simulator, {
          limiter: buildDynamoLimiter({
            ddb: createDynamoClients(dynamo.endpoint).documentClient,
            tableName: dynamo.tableName,
            account: 'loaded',
          }),
          maxAttempts: 1,
        }),
      );
      const results = await burst(clients, 10, 10);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await burner.terminate();
    }
    const stats = simulator.stats();
    expect(stats.requests).toBe(40);
    expect(stats.rateLimited).toBe(0);
    expect(stats.maxRequestsInAnySecond).toBeLessThanOrEqual(10);
  });

  it('would exceed it with two processes each pacing alone (why the shared limiter exists)', async () => {
    simulator.resetStats();
    const clients = Array.from({ length: 2 }, () =>
      clientFor(simulator, { limiter: buildInProcessLimiter({ ratePerSecond: 10 }), maxAttempts: 1 }),
    );
    await burst(clients, 10, 10);
    const stats = simulator.stats();
    expect(stats.maxRequestsInAnySecond).toBeGreaterThan(10);
    expect(stats.rateLimited).toBeGreaterThan(0);
  });

  it('stays within 10 a second when the limiter item is corrupted, then deleted, mid-run', async () => {
    // The previous test's burst is still in the provider's one-second window: let it pass first.
    await sleep(1_100);
    simulator.resetStats();
    const counter = { requests: 0 };
    const clients = Array.from({ length: 4 }, () =>
      clientFor(simulator, {
        limiter: buildDynamoLimiter({
          ddb: countingDocumentClient(counter),
          tableName: dynamo.tableName,
          account: 'sabotaged',
        }),
        maxAttempts: 1,
      }),
    );
    const key = { [TABLE.partitionKey]: 'RATE#sabotaged', [TABLE.sortKey]: 'RATE' };
    const sabotage = (async () => {
      await sleep(1_200);
      await dynamo.documentClient.send(
        new PutCommand({ TableName: dynamo.tableName, Item: { ...key, nextSlotAt: 'garbage' } }),
      );
      await sleep(1_200);
      await dynamo.documentClient.send(new DeleteCommand({ TableName: dynamo.tableName, Key: key }));
    })();
    const [results] = await Promise.all([burst(clients, 12, 3), sabotage]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const stats = simulator.stats();
    expect(stats.requests).toBe(48);
    expect(stats.rateLimited).toBe(0);
    expect(stats.maxRequestsInAnySecond).toBeLessThanOrEqual(10);
    // A hot loop on the damaged item would cost hundreds of requests a second; pacing costs a few each.
    expect(counter.requests).toBeLessThanOrEqual(48 * 4);
  });
});
