import { Tracer } from '@aws-lambda-powertools/tracer';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SNSClient } from '@aws-sdk/client-sns';
import { describe, expect, it, vi } from 'vitest';

describe('the deployed functions’ AWS clients', () => {
  it('are each created at its first use only, traced, and kept for the container', async () => {
    const capture = vi.spyOn(Tracer.prototype, 'captureAWSv3Client');
    const traced = () => capture.mock.calls.map(([client]) => (client as object).constructor);
    const clients = await import('../../../lambdas/runtime/aws-clients');
    expect(traced()).toEqual([]);

    const s3 = clients.s3Client();
    expect(traced()).toEqual([S3Client]);
    expect(clients.s3Client()).toBe(s3);
    const ddb = clients.ddbClient();
    expect(clients.ddbClient()).toBe(ddb);
    expect(traced()).toEqual([S3Client, DynamoDBClient]);

    const sfn = clients.sfnClient();
    const sns = clients.snsClient();
    expect(clients.sfnClient()).toBe(sfn);
    expect(clients.snsClient()).toBe(sns);
    expect(traced()).toEqual([S3Client, DynamoDBClient, SFNClient, SNSClient]);
  });
});
