import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SNSClient } from '@aws-sdk/client-sns';
import { describe, expect, it, vi } from 'vitest';
import { awsClients, tracer } from '../../../lambdas/runtime/aws-clients';

describe('the deployed functions’ AWS clients', () => {
  it('are traced, every one, and created once per container', () => {
    const capture = vi.spyOn(tracer, 'captureAWSv3Client');
    const first = awsClients();
    const traced = capture.mock.calls.map(([client]) => (client as object).constructor);
    expect(traced).toEqual([DynamoDBClient, S3Client, SFNClient, SNSClient]);
    expect(awsClients()).toBe(first);
    expect(capture).toHaveBeenCalledTimes(4);
  });
});
