/**
 * `recon receivables`: the current state of every receivable in the local data directory, derived
 * as of today (business date) exactly as the pipeline derives it, so the listing is right even
 * between runs.
 */
import { type Command, Option } from 'commander';
import { businessDate } from '../../lambdas/core/calendar';
import { type AuditedReceivableView, toAuditedView } from '../../lambdas/core/fee-audit/audit';
import { loadContractRates, ratesOf } from '../../lambdas/core/fee-audit/source';
import type { ProviderEnvironment } from '../../lambdas/core/provider/port';
import { buildReceivableStore } from '../../lambdas/core/receivable-store/apply-records';
import { RECON_STATUSES } from '../../lambdas/core/receivables/status';
import type { ReceivableView } from '../../lambdas/core/receivables/view';
import type { ReportLanguage } from '../../lambdas/core/report/types';
import { FORMATS, type Format, formatRows } from '../format';
import type { CliIo } from '../io';
import { DEFAULT_DATA_DIR, environmentOption, languageOption, parseIsoDate } from '../options';
import { formatOwed, owedRows } from '../owed-table';
import { readableReceivables } from '../receivables-table';
import { type DataPaths, existingState, loadReconConfig, readLastRun } from '../runner/data-dir';
import { withLocalStores } from '../runner/local-stores';

/** The fields the CLI contract promises in every jsonl line. */
export const CONTRACT_COLUMNS = [
  'acquirer',
  'merchant',
  'saleDate',
  'nsu',
  'authorization',
  'installment',
  'status',
  'forecastNetCents',
  'settledNetCents',
  'dueDate',
] as const satisfies readonly (keyof ReceivableView)[];

/** The jsonl/csv/table columns: the contract's first, then the explanation. */
export const RECEIVABLE_COLUMNS = [
  ...CONTRACT_COLUMNS,
  'differenceCents',
  'reason',
  'lastPaymentDate',
  'settlementCount',
  'cancelledNetCents',
  'chargedBackNetCents',
  'adjustmentNetCents',
  'advanceFeeCents',
  'expectedNetCents',
  'receivedNetCents',
  'lastChargebackDate',
  'roles',
  // The fee audit (docs/fee-audit.md): empty without a contracted-rate table.
  'feeAudit',
  'contractMdrPercent',
  'contractFeeCents',
  'chargedFeeCents',
  'feeDifferenceCents',
  'advanceFeeAudit',
  'contractAdvanceFeeCents',
  'advanceFeeDifferenceCents',
] as const satisfies readonly (keyof AuditedReceivableView)[];

const SORT_FIELDS = ['acquirer', 'merchant', 'saleDate', 'nsu', 'authorization'] as const;

/** A stable order (the match key), so two listings of the same state are byte-identical. */
export function compareReceivables(a: ReceivableView, b: ReceivableView): number {
  for (const field of SORT_FIELDS) {
    const order = (a[field] ?? '').localeCompare(b[field] ?? '');
    if (order !== 0) return order;
  }
  return (a.installment ?? 0) - (b.installment ?? 0);
}

/** Every receivable of a data directory, as views derived for `asOf`, in match-key order. */
export async function readReceivables(options: {
  paths: DataPaths;
  asOf: string;
  env: CliIo['env'];
  signal?: AbortSignal | undefined;
}): Promise<AuditedReceivableView[]> {
  const { paths } = options;
  const config = loadReconConfig(options.env);
  return withLocalStores(
    paths,
    async ({ dynamo, s3 }) => {
      // The table the last run was given (`recon run --contract-rates`), where the steps read it.
      const rates = ratesOf(await loadContractRates({ s3: s3.client, bucket: s3.bucket, config }));
      const store = buildReceivableStore({
        ddb: dynamo.documentClient,
        tableName: dynamo.tableName,
        config,
        asOf: () => options.asOf,
        now: () => new Date(),
      });
      const all = await store.scanAll();
      return all.map((r) => toAuditedView(r, options.asOf, config, rates)).sort(compareReceivables);
    },
    options.signal,
  );
}

/** The table's column sets: the ones a finance person reads, or every field as csv and jsonl have them. */
const COLUMN_SETS = ['main', 'all'] as const;

interface ReceivablesOptions {
  readonly dataDir: string;
  readonly env?: ProviderEnvironment;
  readonly status?: string;
  readonly format: Format;
  readonly columns: (typeof COLUMN_SETS)[number];
  readonly lang: ReportLanguage;
  readonly asOf?: string;
  readonly byAcquirer?: boolean;
}

export function registerReceivablesCommand(program: Command, io: CliIo): void {
  program
    .command('receivables')
    .description('list the current state of every receivable in the local data directory')
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .addOption(new Option('--status <status>', 'only receivables in this state').choices(RECON_STATUSES))
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addOption(
      new Option(
        '--columns <set>',
        'table columns: main (acquirer to state, R$ and dd/MM/yyyy) or all (every field, as csv)',
      )
        .choices(COLUMN_SETS)
        .default('main'),
    )
    .addOption(languageOption('the main table'))
    .option(
      '--as-of <date>',
      "business date the states are derived for (default: the latest run's, when pinned by --as-of or the built-in simulator; else today, America/Sao_Paulo)",
      parseIsoDate,
    )
    .option(
      '--by-acquirer',
      "the report's who-owes-what book figures per acquirer (expected, received, late, paid short, taken back) and a total",
    )
    .action(async (options: ReceivablesOptions) => {
      const paths = await existingState(options.dataDir, options.env);
      const lastRun = await readLastRun(paths);
      const asOf = options.asOf ?? (lastRun?.pinnedAsOf ? lastRun.asOf : businessDate(new Date()));
      const views = await readReceivables({
        paths,
        asOf,
        env: io.env,
        signal: io.signal,
      });
      const rows = options.status ? views.filter((v) => v.status === options.status) : views;
      if (options.byAcquirer) {
        io.stdout(formatOwed(owedRows(rows), options.format, options.lang));
        return;
      }
      const readable = options.format === 'table' && options.columns === 'main';
      io.stdout(
        readable
          ? readableReceivables(rows, options.lang)
          : formatRows(options.format, RECEIVABLE_COLUMNS, rows),
      );
    });
}
