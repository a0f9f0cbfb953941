/**
 * The statement files a merchant's bank would export for the simulated world: per account, one
 * export every `exportEveryDays` days up to `asOf`, each covering its last `coversDays` days (by
 * default every 5 days the last 10: every line before the last export's second half is in two
 * files), in that bank's style (`styles.ts`), and Banco do Brasil's last export downloaded twice
 * (byte-identical, another name).
 */
import { addDays, type IsoDate } from '../../../lambdas/core/calendar';
import { intBetween, rngFor } from '../universe/random';
import { accountsOf, type BankAccount } from './accounts';
import { type BankLine, bankLedger, type LedgerOptions } from './ledger';
import { renderOfx } from './ofx';
import { BANK_STYLES } from './styles';
import type { BankDataset } from './truth';

export interface StatementOptions extends LedgerOptions {
  readonly exportEveryDays?: number;
  readonly coversDays?: number;
}

export interface StatementFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const ymd = (date: IsoDate) => date.replaceAll('-', '');

function fileName(account: BankAccount, exportedOn: IsoDate): string {
  const bank = BANK_STYLES[account.bank].name.toLowerCase().replaceAll(' ', '-');
  return `${bank}_${account.bank}-${account.branch}-${account.number}${account.check}_${ymd(exportedOn)}.ofx`;
}

/** Export days from `asOf` back, until the earliest one covered `start` (so it is in two files). */
export function exportDays(start: IsoDate, asOf: IsoDate, every: number): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = asOf; day >= start; day = addDays(day, -every)) days.unshift(day);
  return days;
}

function accountFiles(
  seed: number,
  account: BankAccount,
  lines: readonly BankLine[],
  days: readonly IsoDate[],
  options: { covers: number; quirks: boolean },
): StatementFile[] {
  const { covers, quirks } = options;
  const opening = intBetween(rngFor(seed, 'bank-opening', account.id), 1_000_000, 50_000_000);
  return days.map((exportedOn) => {
    const start = addDays(exportedOn, -(covers - 1));
    const balanceCents = lines.reduce(
      (sum, line) => (line.date <= exportedOn ? sum + line.cents : sum),
      opening,
    );
    const covered = lines.filter((line) => line.date >= start && line.date <= exportedOn);
    const style = BANK_STYLES[account.bank];
    const bytes = renderOfx({ account, style, exportedOn, start, lines: covered, balanceCents, quirks });
    return { name: fileName(account, exportedOn), bytes };
  });
}

export function simulatorStatements(
  dataset: BankDataset,
  options: StatementOptions,
): { files: StatementFile[] } {
  const every = options.exportEveryDays ?? 5;
  const covers = options.coversDays ?? 10;
  const ledger = bankLedger(dataset.universe, dataset.seed, options);
  const earliest = ledger.lines.reduce((min, line) => (line.date < min ? line.date : min), options.from);
  const days = exportDays(earliest, options.asOf, every);
  const files = accountsOf(dataset.seed).flatMap((account) => {
    const lines = ledger.lines.filter((line) => line.account === account);
    const exported = accountFiles(dataset.seed, account, lines, days, {
      covers,
      quirks: options.quirks === true,
    });
    const last = exported.at(-1);
    if (account.bank !== '001' || !last) return exported;
    return [...exported, { name: last.name.replace(/\.ofx$/, '_reexportado.ofx'), bytes: last.bytes }];
  });
  return { files: files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}
