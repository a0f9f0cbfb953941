/** The deposit match's dependencies (the match-deposits Lambda and the local world). */
import { buildAccountStore } from '../../core/account-items/account-items';
import { buildDepositLinesExport } from '../../core/baixas/deposit-ledger';
import { buildTotalsStore } from '../../core/book/book-store';
import { readExpectedDeposits } from '../../core/book/expected-deposits';
import { buildDecisionStore } from '../../core/breaks/decision-store';
import { depositLinksOf } from '../../core/breaks/deposit-match';
import { buildBankStore } from '../../core/deposits/bank/bank-store';
import { buildStatementImporter } from '../../core/deposits/bank/import';
import { anyStatementTaken, importInbox } from '../../core/deposits/bank/inbox';
import { buildDepositReconciler, type InboxWarning } from '../../core/deposits/reconcile';
import { writeDepositResults } from '../../core/deposits/results-lake';
import type { WorkflowDeps } from '../../core/workflow/deps';
import type { LakeWiring } from './lake';

export function buildDepositMatchDeps(
  wiring: LakeWiring & { readonly warn?: InboxWarning },
): WorkflowDeps['matchDeposits'] {
  const { ddb, tableName, s3, bucket, reconConfig: config, now } = wiring;
  const accounts = buildAccountStore({
    ddb,
    tableName,
    now,
    reasonColumns: config.recordReasonColumns ?? [],
  });
  const bank = buildBankStore({ ddb, tableName, now });
  const importStatement = buildStatementImporter({
    s3,
    bucket,
    store: bank,
    identity: config.deposits.statementIdentity,
  });
  const totals = buildTotalsStore({ ddb, tableName, now });
  const exportDepositLines = buildDepositLinesExport({ s3, bucket });
  const decisions = buildDecisionStore({ ddb, tableName });
  const reconcileDeposits = buildDepositReconciler({
    config,
    importInbox: () => importInbox({ s3, bucket, importStatement }),
    anyStatement: () => anyStatementTaken(s3, bucket),
    readExpected: (query) => readExpectedDeposits({ ddb, tableName, config, totals, accounts }, query),
    listTransactions: (from, to) => bank.list(from, to),
    writeResults: async (results, range, night) => {
      await writeDepositResults(s3, bucket, results, range, night);
      // The ERP export's deposit lines, from the results as just written (docs/erp-export.md).
      await exportDepositLines(results, range, night);
    },
    warn: wiring.warn,
    // The decisions' projection, one Query: the standing matches of credits to deposits.
    readLinks: async () => depositLinksOf(await decisions.heads()),
  });
  return ({ from, asOf }) => reconcileDeposits({ from }, asOf);
}
