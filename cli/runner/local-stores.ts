/**
 * A listing's or a decision's way into a data directory: its DynamoDB and S3 stand-ins opened under
 * the run lock (no run writes meanwhile), closed whatever the work does.
 */
import { type LocalDynamo, startLocalDynamo } from '../../local/aws/dynamodb';
import { type LocalS3, startLocalS3 } from '../../local/aws/s3';
import { type DataPaths, LOCAL_BUCKET, LOCAL_TABLE } from './data-dir';
import { withRunLock } from './lock';

export function withLocalStores<T>(
  paths: DataPaths,
  work: (stores: { readonly dynamo: LocalDynamo; readonly s3: LocalS3 }) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  return withRunLock(
    paths.lock,
    async () => {
      const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
      const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
      try {
        return await work({ dynamo, s3 });
      } finally {
        await s3.close();
        await dynamo.close();
      }
    },
    signal,
  );
}
