/**
 * The bank leg's entries in what needs action (the report's cards and the morning message's lines,
 * docs/deposits.md): deposits that did not arrive and those that arrived with another amount, each
 * naming the acquirers that owe them, and credits nobody expected, which someone has to identify.
 */

import { formatBrl, formatCount } from '../money';
import type { ActionEntry } from '../report-kit/section';
import type { ReportLanguage } from '../report-language';
import { depositsTextsFor } from './report-texts';
import { depositIdentity } from './result-identity';
import { amountAtStake, type DepositsSection, statusTotals } from './section-model';
import type { DepositResult, DepositStatus } from './types';

/** What the entries read of the run summary. */
export interface DepositsActionInput {
  readonly language: ReportLanguage;
  /** The bank leg: deposits expected against received (docs/deposits.md); absent when not read. */
  readonly deposits?: DepositsSection;
}

/** The report's heading the cards lead to (report-section.ts). */
const ANCHOR = 'deposits';

/**
 * "CIELO R$ 4.500,01, REDE R$ 10,03", largest first, so the reader knows whom to call; one acquirer
 * by its name alone, since the total beside it is its amount.
 */
function owedBy(results: readonly DepositResult[], status: DepositStatus, language: ReportLanguage): string {
  const w = depositsTextsFor(language);
  const sums = new Map<string, number>();
  for (const r of results.filter((result) => result.status === status)) {
    const name = r.acquirer ?? w.unknownAcquirer;
    sums.set(name, (sums.get(name) ?? 0) + amountAtStake(r));
  }
  const named = [...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (named.length === 1) return named[0]?.[0] ?? '';
  return named.map(([name, cents]) => `${name} ${formatBrl(cents, language)}`).join(', ');
}

/** The section's results nobody decided on, and their totals: what needs action. */
function undecided(deposits: Extract<DepositsSection, { state: 'ON' }>) {
  if (!deposits.decided?.length) return { results: deposits.results, totals: deposits.totals };
  const decided = new Set(deposits.decided);
  const results = deposits.results.filter((r) => !decided.has(depositIdentity(r)));
  return { results, totals: statusTotals(results) };
}

export function depositActionEntries(s: DepositsActionInput): ActionEntry[] {
  if (s.deposits?.state !== 'ON') return [];
  const { results, totals } = undecided(s.deposits);
  const w = depositsTextsFor(s.language);
  const brl = (cents: number) => formatBrl(cents, s.language);
  const count = (n: number) => formatCount(n, s.language);
  const parts = (
    [
      { status: 'NOT_DEPOSITED', words: w.message.missing },
      { status: 'DEPOSIT_DIFFERS', words: w.message.differing },
    ] as const
  )
    .map((p) => ({ ...p, totals: totals[p.status] }))
    .filter((p) => p.totals.count > 0)
    .sort((a, b) => b.totals.amountCents - a.totals.amountCents);
  const unexplained = totals.UNEXPLAINED_CREDIT;
  return [
    ...(parts.length === 0
      ? []
      : [
          {
            label: w.message.label,
            amountCents: parts.reduce((sum, p) => sum + p.totals.amountCents, 0),
            detail: parts
              .map((p) =>
                p.words(
                  p.totals.count,
                  count(p.totals.count),
                  `${brl(p.totals.amountCents)}: ${owedBy(results, p.status, s.language)}`,
                ),
              )
              .join('; '),
            anchor: ANCHOR,
            // One kind of break when only one part has any; both: the inbox's morning list holds them.
            ...(parts.length === 1 && parts[0] ? { breakKind: BREAK_KIND_OF[parts[0].status] } : {}),
          },
        ]),
    ...(unexplained.count === 0
      ? []
      : [
          {
            label: w.statuses.UNEXPLAINED_CREDIT,
            amountCents: unexplained.amountCents,
            detail: w.message.unexplained(
              unexplained.count,
              count(unexplained.count),
              brl(unexplained.amountCents),
            ),
            anchor: ANCHOR,
            breakKind: 'UNEXPLAINED_CREDIT',
          },
        ]),
  ];
}

/** The inbox's kind of break of each part of the deposits' entry (breaks/deposit-breaks.ts). */
const BREAK_KIND_OF = { NOT_DEPOSITED: 'DEPOSIT_MISSING', DEPOSIT_DIFFERS: 'DEPOSIT_DIFFERS' } as const;
