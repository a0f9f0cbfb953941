/** Listing an S3 prefix page by page, following the continuation tokens. */
import {
  ListObjectsV2Command,
  type ListObjectsV2CommandInput,
  type ListObjectsV2CommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';

export async function* listPages(
  s3: Pick<S3Client, 'send'>,
  bucket: string,
  input: Omit<ListObjectsV2CommandInput, 'Bucket' | 'ContinuationToken'>,
): AsyncGenerator<ListObjectsV2CommandOutput> {
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ ...input, Bucket: bucket, ContinuationToken: token }),
    );
    yield page;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
