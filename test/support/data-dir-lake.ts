/** Deposit results put in a data directory's bucket, as a night's deposit match would have stored them. */
import { dataPaths, LOCAL_BUCKET } from '../../cli/runner/data-dir';
import type { IsoDate } from '../../lambdas/core/calendar';
import { writeDepositResults } from '../../lambdas/core/deposits/results-lake';
import type { DepositResult } from '../../lambdas/core/deposits/types';
import { startLocalS3 } from '../../local/aws/s3';

export async function storeDepositResults(
  dataDir: string,
  results: readonly DepositResult[],
  range: { readonly from: IsoDate; readonly to: IsoDate },
): Promise<void> {
  const s3 = await startLocalS3({ directory: dataPaths(dataDir, 'sandbox').s3, bucket: LOCAL_BUCKET });
  try {
    await writeDepositResults(s3.client, LOCAL_BUCKET, results, range, range.to);
  } finally {
    await s3.close();
  }
}
