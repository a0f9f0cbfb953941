/**
 * The AWS clients of a deployed function, created once per container and traced: each DynamoDB, S3,
 * Step Functions and SNS call shows in X-Ray as a subsegment of the function's trace (the functions
 * and the state machine have tracing on, see lib/constructs/recon-function.ts). Outside Lambda the
 * tracer is disabled by Powertools itself, so local runs and tests build untraced clients elsewhere
 * (local/aws/).
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SNSClient } from '@aws-sdk/client-sns';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const tracer = new Tracer();

export interface AwsClients {
  readonly ddb: DynamoDBDocumentClient;
  readonly s3: S3Client;
  readonly sfn: SFNClient;
  readonly sns: SNSClient;
}

let clients: AwsClients | undefined;

/** One set per container: SDK clients keep their connections warm between invocations. */
export function awsClients(): AwsClients {
  clients ??= {
    ddb: DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
      marshallOptions: { removeUndefinedValues: true },
    }),
    s3: tracer.captureAWSv3Client(new S3Client({})),
    sfn: tracer.captureAWSv3Client(new SFNClient({})),
    sns: tracer.captureAWSv3Client(new SNSClient({})),
  };
  return clients;
}
