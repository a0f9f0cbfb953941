/**
 * The summarizer's `deposits` dependency over the lake: the run period's results as the deposit
 * results table holds them. Whether a statement was ever imported is asked of the bank leg's own
 * store (passed in), since an empty period and a bank leg not in use read alike in the results.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { readDepositResults } from '../deposits/results-lake';
import { buildDepositsSection, type DepositsQuery, type DepositsSection } from './deposits';

export function depositsSectionFromLake(deps: {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly statementsImported: () => Promise<boolean>;
}): (query: DepositsQuery) => Promise<DepositsSection> {
  return async ({ from, to }) => {
    if (!(await deps.statementsImported()))
      return buildDepositsSection({ statementsImported: false, from, to, results: [] });
    const results = await readDepositResults(deps.s3, deps.bucket, { from, to });
    return buildDepositsSection({ statementsImported: true, from, to, results });
  };
}
