/**
 * A small local data directory for the inbox's tests, written in-process by the real receivable
 * store (no run, no simulator): a few breaks of different kinds, acquirers and money, some first
 * seen the day before (persisting) and some on the day read (new), and one whose merchant, as a
 * provider sent it, carries markup.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type InboxServer, startInboxServer } from '../../cli/inbox/server';
import { dataPaths, LOCAL_BUCKET, LOCAL_TABLE } from '../../cli/runner/data-dir';
import { breakEventSink } from '../../lambdas/core/breaks/events-lake';
import { type BreakRecordsOf, buildBreakRecords } from '../../lambdas/core/breaks/records';
import { type Breaks, type BreaksDeps, buildBreaks } from '../../lambdas/core/breaks/service';
import { readDepositResults } from '../../lambdas/core/deposits/results-lake';
import { buildInbox } from '../../lambdas/core/inbox/app';
import { type LocalGateDeps, localGate } from '../../lambdas/core/inbox/gate';
import { buildSessions, type Sessions } from '../../lambdas/core/inbox/session';
import { buildReceivableLinks } from '../../lambdas/core/receivable-store/links';
import { buildTouchedLog } from '../../lambdas/core/receivable-store/touched';
import { startLocalDynamo } from '../../local/aws/dynamodb';
import { startLocalS3 } from '../../local/aws/s3';
import { storeFor } from './recon-dynamo';
import { forecast, hexHash, reconConfig, saleKey, settlement } from './recon-records';

export const AS_OF = '2025-04-10';
export const HOSTILE_MERCHANT = '<img src=x onerror="document.title=1">EC9';
export const REASONS = ['arredondamento', 'acordo-com-adquirente'];
export const config = reconConfig({ breaks: { acceptReasons: REASONS, operators: ['ana', 'bia'] } });

/** Expected and received per sale, and the day its break was first seen. */
const SALES = [
  { n: 1, expected: 10_000, received: 9_993, on: '2025-04-09' },
  { n: 2, expected: 50_000, received: 45_000, on: AS_OF },
  { n: 3, expected: 20_000, received: 21_000, on: '2025-04-09' },
  { n: 4, expected: 30_000, received: 29_990, on: AS_OF },
  { n: 5, expected: 8_000, received: 7_000, on: AS_OF, merchant: HOSTILE_MERCHANT },
];

/**
 * A forecast left unpaid (late on the day read) and its payment under an NSU the acquirer typed
 * wrong (unexpected), of one acquirer and merchant: what a person matches by hand.
 */
export const MISTYPED = { forecast: saleKey(6), payment: { ...saleKey(6), nsu: '999006' }, cents: 12_345 };

export async function seedDataDir(options: { readonly mistyped?: boolean } = {}): Promise<string> {
  const dataDir = join(await mkdtemp(join(tmpdir(), 'recon-inbox-')), 'data');
  const paths = dataPaths(dataDir, 'sandbox');
  await mkdir(paths.root, { recursive: true });
  const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
  try {
    for (const sale of SALES) {
      const key = { ...saleKey(sale.n), ...(sale.merchant ? { merchant: sale.merchant } : {}) };
      const store = storeFor(dynamo.documentClient, LOCAL_TABLE, config, { asOf: sale.on });
      await store.applyRecords([
        forecast(key, hexHash(`f${sale.n}`), sale.expected),
        settlement(key, hexHash(`s${sale.n}`), sale.received),
      ]);
    }
    if (options.mistyped) {
      const store = storeFor(dynamo.documentClient, LOCAL_TABLE, config, { asOf: AS_OF });
      await store.applyRecords([
        forecast(MISTYPED.forecast, hexHash('f6'), MISTYPED.cents, '2025-03-01'),
        settlement(MISTYPED.payment, hexHash('s6'), MISTYPED.cents, '2025-03-01'),
      ]);
    }
  } finally {
    await dynamo.close();
  }
  const lastRun = { asOf: AS_OF, pinnedAsOf: true, finishedAt: `${AS_OF}T06:00:00.000Z` };
  await writeFile(paths.lastRun, `${JSON.stringify(lastRun)}\n`);
  return dataDir;
}

/** The breaks service and the records behind each break, as the inbox reads them. */
export interface BreaksWorld {
  readonly breaks: Breaks;
  readonly records: BreakRecordsOf;
}

/** The data directory's stores opened in this process, and the breaks service over them. */
export async function openBreaks(dataDir: string): Promise<BreaksWorld & { close(): Promise<void> }> {
  const paths = dataPaths(dataDir, 'sandbox');
  const dynamo = await startLocalDynamo({ path: paths.dynamodb, tableName: LOCAL_TABLE });
  const s3 = await startLocalS3({ directory: paths.s3, bucket: LOCAL_BUCKET });
  const table = { ddb: dynamo.documentClient, tableName: LOCAL_TABLE, config, now: () => new Date() };
  const deps: BreaksDeps = {
    ...table,
    rules: config.breaks,
    depositResults: (range) => readDepositResults(s3.client, s3.bucket, range),
    onEvent: breakEventSink({ s3: s3.client, bucket: s3.bucket }),
    // As `recon inbox` opens it: a match by hand writes the receivables, logged for the next night.
    links: buildReceivableLinks({
      ...table,
      asOf: () => AS_OF,
      touched: buildTouchedLog({ s3: s3.client, bucket: s3.bucket }),
    }),
  };
  const close = async () => {
    await s3.close();
    await dynamo.close();
  };
  return { breaks: buildBreaks(deps), records: buildBreakRecords(deps), close };
}

export interface Served extends InboxServer {
  readonly sessions: Sessions;
  /** A fresh one-time sign-in link, as `recon inbox` prints. */
  link(): string;
}

/** An inbox for one person over `world`, on its own port (several people at once). */
export async function serve(world: BreaksWorld, identity: LocalGateDeps['identity']): Promise<Served> {
  const sessions = buildSessions();
  const inbox = buildInbox({
    ...world,
    asOf: AS_OF,
    acceptReasons: REASONS,
    gate: localGate({ sessions, identity, language: 'pt-BR' }),
    language: 'pt-BR',
  });
  const server = await startInboxServer(inbox);
  return { ...server, sessions, link: () => `${server.url}/entrar?token=${sessions.issueToken()}` };
}
