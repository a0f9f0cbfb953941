/**
 * DynamoDB on this machine: dynalite in-process, with the same single table the stack creates.
 * Persisted under a directory when one is given, so repeated local runs accumulate state.
 */
import { fork } from 'node:child_process';
import {
  CreateTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { TABLE } from '../../lambdas/core/store/table';
import { closeServer, LOCAL_CREDENTIALS, LOCAL_REGION, listenOnLoopback } from './endpoint';

export interface LocalDynamo {
  readonly endpoint: string;
  readonly client: DynamoDBClient;
  readonly documentClient: DynamoDBDocumentClient;
  readonly tableName: string;
  close(): Promise<void>;
}

export function createDynamoClients(endpoint: string): {
  client: DynamoDBClient;
  documentClient: DynamoDBDocumentClient;
} {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const documentClient = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
  return { client, documentClient };
}

/**
 * Creates recon's table (key schema from `TABLE`) unless it already exists, and waits until it is
 * ACTIVE: dynalite, like DynamoDB, answers "Requested resource not found" to writes while a table
 * is still CREATING, which on a busy machine outlasts even `createTableMs: 0`.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { partitionKey, sortKey } = TABLE;
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: partitionKey, AttributeType: 'S' },
          { AttributeName: sortKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await waitUntilTableExists(
    { client, minDelay: 0.02, maxDelay: 0.5, maxWaitTime: 30 },
    { TableName: tableName },
  );
}

/** Clients for a running dynalite, with recon's table created; `stop` shuts the dynalite down. */
async function connect(
  endpoint: string,
  tableName: string,
  stop: () => Promise<unknown>,
): Promise<LocalDynamo> {
  const { client, documentClient } = createDynamoClients(endpoint);
  await ensureTable(client, tableName);
  return {
    endpoint,
    client,
    documentClient,
    tableName,
    async close() {
      client.destroy();
      await stop();
    },
  };
}

export async function startLocalDynamo(
  options: { path?: string; tableName?: string } = {},
): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: options.path });
  const endpoint = await listenOnLoopback(server);
  return connect(endpoint, options.tableName ?? 'recon', () => closeServer(server));
}

/**
 * dynalite in a child process, for measuring: the caller's event loop and wall time then hold only
 * its own work and the wait for answers, as a Lambda's do in AWS, instead of DynamoDB's work as well.
 */
export async function startDynamoProcess(options: { tableName?: string } = {}): Promise<LocalDynamo> {
  const child = fork(new URL('./dynalite-process.mjs', import.meta.url), [], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`dynalite process exited with ${code} before listening`)));
  });
  return connect(`http://127.0.0.1:${port}`, options.tableName ?? 'recon', () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    return exited;
  });
}
