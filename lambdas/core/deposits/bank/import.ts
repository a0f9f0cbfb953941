/**
 * One statement file in, exactly once (docs/deposits.md, "Statements: import and identity"): read,
 * identify, archive (raw file and lake table), store. A file that cannot be read as a whole is
 * quarantined with its reason and nothing of it is stored; a transaction that cannot be read is
 * quarantined alone and the rest of its file is taken in. Importing the file again changes nothing:
 * every object key is a function of its SHA-256, and the store is a union by identity.
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DepositsConfig } from '../config';
import type { BankStore } from './bank-store';
import { identify } from './identity';
import {
  bankTransactionFiles,
  bankTransactionsKey,
  quarantinedStatementKey,
  quarantineReasonKey,
  rawStatementKey,
} from './lake-file';
import { readOfx } from './ofx-reader';
import { type Quarantined, type Skipped, StatementError } from './statement';

export interface ImportDeps {
  readonly s3: Pick<S3Client, 'send'>;
  readonly bucket: string;
  readonly store: BankStore;
  readonly identity: DepositsConfig['statementIdentity'];
}

export interface ImportResult {
  readonly name: string;
  readonly sha256: string;
  /** `taken`: the file's readable transactions were taken in; `quarantined`: none were (the file is refused). */
  readonly status: 'taken' | 'quarantined';
  /** Transactions read from the file (quarantined ones not counted). */
  readonly taken: number;
  /** Of those, the ones stored for the first time (0 on a re-import). */
  readonly new: number;
  readonly accounts: readonly string[];
  /** The file's reason when refused; else each refused transaction's. */
  readonly quarantined: readonly Quarantined[];
  /** Lines of a taken file that are no transactions (balances), left out and counted. */
  readonly skipped: readonly Skipped[];
}

export function buildStatementImporter(deps: ImportDeps) {
  const put = (Key: string, Body: Uint8Array | string, ContentType: string) =>
    deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key, Body, ContentType }));
  const reasonFile = (content: object) => `${JSON.stringify(content, null, 2)}\n`;

  return async function importStatement(file: { name: string; bytes: Uint8Array }): Promise<ImportResult> {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    let read: ReturnType<typeof readOfx>;
    try {
      read = readOfx(file.bytes, file.name);
    } catch (error) {
      if (!(error instanceof StatementError)) throw error;
      const quarantined = [{ reason: error.reason, detail: error.message }];
      await put(quarantinedStatementKey(sha256), file.bytes, 'application/x-ofx');
      await put(
        quarantineReasonKey(sha256),
        reasonFile({ name: file.name, sha256, file: quarantined[0], transactions: [] }),
        'application/json',
      );
      return {
        name: file.name,
        sha256,
        status: 'quarantined',
        taken: 0,
        new: 0,
        accounts: [],
        quarantined,
        skipped: [],
      };
    }
    await put(rawStatementKey(sha256), file.bytes, 'application/x-ofx');
    const transactions = identify(read.transactions, deps.identity);
    for (const [month, parquet] of bankTransactionFiles(transactions, { sha256, name: file.name })) {
      await put(bankTransactionsKey(sha256, month), parquet, 'application/vnd.apache.parquet');
    }
    if (read.quarantined.length > 0) {
      await put(
        quarantineReasonKey(sha256),
        reasonFile({ name: file.name, sha256, file: null, transactions: read.quarantined }),
        'application/json',
      );
    }
    const stored = await deps.store.apply(transactions);
    return {
      name: file.name,
      sha256,
      status: 'taken',
      taken: transactions.length,
      new: stored.new,
      accounts: read.accounts,
      quarantined: read.quarantined,
      skipped: read.skipped,
    };
  };
}

export type StatementImporter = ReturnType<typeof buildStatementImporter>;
