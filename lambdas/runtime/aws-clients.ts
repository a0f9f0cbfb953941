/**
 * The AWS clients of a deployed function, each created at its first use and kept for the container
 * (SDK clients keep their connections warm between invocations), so a step builds only the clients
 * it uses. Every one is traced: each DynamoDB, S3, Step Functions and SNS call shows in X-Ray as a
 * subsegment of the function's trace (the functions and the state machine have tracing on, see
 * lib/constructs/recon-function.ts). Outside Lambda the tracer is disabled by Powertools itself, so
 * local runs and tests build untraced clients elsewhere (local/aws/).
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SNSClient } from '@aws-sdk/client-sns';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const tracer = new Tracer();

/** `create` called at the first call of the result, and its value returned by every later call. */
function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
}

export const ddbClient = once(() =>
  DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);
export const s3Client = once(() => tracer.captureAWSv3Client(new S3Client({})));
export const sfnClient = once(() => tracer.captureAWSv3Client(new SFNClient({})));
export const snsClient = once(() => tracer.captureAWSv3Client(new SNSClient({})));
export const eventBridgeClient = once(() => tracer.captureAWSv3Client(new EventBridgeClient({})));
