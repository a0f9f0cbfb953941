/**
 * Bank statements into the local stores, the one path `recon bank import` and the demo run share, as
 * the deployed inbox takes them in (docs/deposits.md): read, identified, archived, stored.
 */
import type { ReconConfig } from '../../lambdas/core/config';
import { buildBankStore } from '../../lambdas/core/deposits/bank/bank-store';
import { buildStatementImporter } from '../../lambdas/core/deposits/bank/import';
import type { LocalDynamo } from '../../local/aws/dynamodb';
import type { LocalS3 } from '../../local/aws/s3';

export interface LocalStores {
  readonly dynamo: Pick<LocalDynamo, 'documentClient' | 'tableName'>;
  readonly s3: Pick<LocalS3, 'client' | 'bucket'>;
}

export function localStatementImporter(stores: LocalStores, config: ReconConfig) {
  const store = buildBankStore({
    ddb: stores.dynamo.documentClient,
    tableName: stores.dynamo.tableName,
    now: () => new Date(),
  });
  return buildStatementImporter({
    s3: stores.s3.client,
    bucket: stores.s3.bucket,
    store,
    identity: config.deposits.statementIdentity,
  });
}
