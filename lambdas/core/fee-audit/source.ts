/**
 * Where the contracted-rate table lives: one CSV object under {@link CONTRACT_RATES_KEY} of the lake
 * bucket, read when a step needs it, so a renegotiated rate is an upload, not a redeploy. No object
 * means the audit is off; a bad object is reported (rows and reasons) and the audit does not run,
 * while the reconciliation itself goes on.
 */
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ReconConfig } from '../config';
import { commaSeparated } from './csv';
import { type ContractRate, parseContractRates, type RateTableError } from './rates';
import { CONTRACT_RATES_KEY } from './rates-table';

// The key lives with the lake's tables: Athena and DuckDB read the same object as a table.
export { CONTRACT_RATES_KEY };

export type RateTableState =
  | { readonly state: 'OFF' }
  | { readonly state: 'INVALID'; readonly errors: readonly RateTableError[] }
  | { readonly state: 'ON'; readonly rates: readonly ContractRate[] };

export interface RateSourceDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly config: Pick<ReconConfig, 'identifierNormalizers'>;
}

export async function loadContractRates(deps: RateSourceDeps): Promise<RateTableState> {
  let text: string;
  try {
    const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: CONTRACT_RATES_KEY }));
    text = (await object.Body?.transformToString('utf-8')) ?? '';
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return { state: 'OFF' };
    throw error;
  }
  const parsed = parseContractRates(text, deps.config);
  return parsed.ok ? { state: 'ON', rates: parsed.rates } : { state: 'INVALID', errors: parsed.errors };
}

/**
 * Puts a table (already validated by the caller) where the steps read it, comma-separated: the steps
 * read a `;` table too, but the lake's `fee_audit` reads the same object and splits only on `,`.
 */
export async function storeContractRates(deps: Omit<RateSourceDeps, 'config'>, csv: string): Promise<void> {
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.bucket,
      Key: CONTRACT_RATES_KEY,
      Body: commaSeparated(csv),
      ContentType: 'text/csv',
    }),
  );
}

/** The rates to audit with: null when the audit is off or the table is bad. */
export function ratesOf(table: RateTableState): readonly ContractRate[] | null {
  return table.state === 'ON' ? table.rates : null;
}
