/**
 * S3 on this machine: s3rver in-process. The client settings below are not optional: without the
 * WHEN_REQUIRED checksum modes, s3rver stores streamed uploads with their aws-chunked framing bytes.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { LOCAL_REGION } from './endpoint';

/** s3rver accepts only its own well-known key pair. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  readonly endpoint: string;
  readonly client: S3Client;
  readonly bucket: string;
  /** Directory s3rver stores objects in (bucket folders below it). */
  readonly directory: string;
  close(): Promise<void>;
}

export function createS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function startLocalS3(options: { directory?: string; bucket?: string } = {}): Promise<LocalS3> {
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'recon-s3-')));
  const bucket = options.bucket ?? 'recon-lake';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createS3Client(endpoint);
  return {
    endpoint,
    client,
    bucket,
    directory,
    async close() {
      client.destroy();
      await server.close();
    },
  };
}
