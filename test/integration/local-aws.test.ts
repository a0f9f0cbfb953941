import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDynamoClients,
  ensureTable,
  type LocalDynamo,
  startDynamoProcess,
  startLocalDynamo,
} from '../../local/aws/dynamodb';
import { closeServer, listenOnLoopback } from '../../local/aws/endpoint';
import { type LocalS3, startLocalS3 } from '../../local/aws/s3';

describe('local AWS stand-ins', () => {
  let dynamo: LocalDynamo;
  let s3: LocalS3;
  beforeAll(async () => {
    [dynamo, s3] = await Promise.all([startLocalDynamo(), startLocalS3()]);
  });
  afterAll(async () => {
    await Promise.all([dynamo.close(), s3.close()]);
  });

  it('creates the recon table and round-trips an item', async () => {
    await dynamo.documentClient.send(
      new PutCommand({ TableName: dynamo.tableName, Item: { pk: 'RCV#k', sk: 'RCV', version: 1 } }),
    );
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({ TableName: dynamo.tableName, Key: { pk: 'RCV#k', sk: 'RCV' } }),
    );
    expect(Item).toEqual({ pk: 'RCV#k', sk: 'RCV', version: 1 });
  });

  it('returns from creating the table only once it takes writes (a busy machine keeps it CREATING)', async () => {
    // A slow CREATING phase stands in for a loaded machine, where even createTableMs: 0 lost the race.
    const server = dynalite({ createTableMs: 300 });
    const { client, documentClient } = createDynamoClients(await listenOnLoopback(server));
    try {
      await ensureTable(client, 'slow');
      const Item = { pk: 'RCV#k', sk: 'RCV' };
      await expect(documentClient.send(new PutCommand({ TableName: 'slow', Item }))).resolves.toBeDefined();
    } finally {
      client.destroy();
      await closeServer(server);
    }
  });

  it('stores S3 bodies byte for byte (no aws-chunked framing)', async () => {
    const body = Buffer.from('{"a":1}\n');
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'x/y.json', Body: body }));
    const got = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'x/y.json' }));
    expect(Buffer.from((await got.Body?.transformToByteArray()) ?? [])).toEqual(body);
  });
});

describe('dynalite in its own process (benchmarks)', () => {
  it('serves the recon table from a child process and stops with it', async () => {
    const dynamo = await startDynamoProcess();
    const put = { TableName: dynamo.tableName, Item: { pk: 'RCV#child', sk: 'RCV', version: 2 } };
    await dynamo.documentClient.send(new PutCommand(put));
    const { Item } = await dynamo.documentClient.send(
      new GetCommand({ TableName: dynamo.tableName, Key: { pk: 'RCV#child', sk: 'RCV' } }),
    );
    expect(Item).toEqual(put.Item);
    await dynamo.close();
    // The child is gone: a fresh client cannot reach its port any more.
    const { documentClient } = createDynamoClients(dynamo.endpoint);
    await expect(documentClient.send(new PutCommand(put))).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
