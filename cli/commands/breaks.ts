/**
 * `recon breaks`: the pendências of the local data directory, and the decisions a finance team takes
 * on them (docs/breaks.md). Every decision is an audit event; `verify` checks their chains.
 */
import type { Command } from 'commander';
import { isDepositBreakId } from '../../lambdas/core/breaks/deposit-breaks';
import { type BreakFilters, matches } from '../../lambdas/core/breaks/filters';
import { breakRef } from '../../lambdas/core/breaks/observed';
import { breaksTextsFor } from '../../lambdas/core/breaks/report-texts';
import { type OutputOptions, withCommon } from '../breaks/common';
import { registerDecisionCommands } from '../breaks/decide-commands';
import { withFilters } from '../breaks/filters';
import { registerMatchCommand } from '../breaks/match-command';
import { formatBreaks, formatHistory } from '../breaks/output';
import { resolveBreakId, TAMPERED_EXIT_CODE, withBreaks } from '../breaks/session';
import { CliError } from '../errors';
import type { CliIo } from '../io';

export function registerBreaksCommand(program: Command, io: CliIo): void {
  const breaks = program
    .command('breaks')
    .description('list the pendências and record what the team decided');
  withFilters(
    withCommon(
      breaks.command('list').description("the morning's list; filters narrow it, --all shows every status"),
    ),
  ).action(async (o: OutputOptions & BreakFilters) => {
    await withBreaks(o, io, async ({ breaks: service, asOf }) => {
      io.stdout(
        formatBreaks(
          (await service.list(asOf)).filter((b) => matches(b, o)),
          o.format,
          o.lang,
        ),
      );
    });
  });
  withCommon(
    breaks.command('show <break>').description('one break: what it is, its decision and history'),
  ).action(async (given: string, o: OutputOptions) => {
    await withBreaks(o, io, async ({ breaks: service, asOf }) => {
      const shown = await service.show(await resolveBreakId(service, given, asOf), asOf);
      if (!shown) throw new CliError(`no break ${given}`, 2);
      io.stdout(formatBreaks([shown.view], o.format, o.lang));
      if (o.format === 'table' && shown.matchedFrom) {
        const t = breaksTextsFor(o.lang);
        const say = isDepositBreakId(shown.view.id) ? t.matchedCredits : t.matchedFrom;
        io.stdout(`${say(shown.matchedFrom.map(breakRef).join(', '))}\n`);
      }
      if (o.format === 'table' && shown.events.length > 0) {
        io.stdout(`\n${formatHistory(shown.events, 'table', o.lang)}`);
      }
    });
  });
  registerDecisionCommands(breaks, io);
  registerMatchCommand(breaks, io);
  withCommon(breaks.command('history <break>').description("a break's audit events, oldest first")).action(
    async (given: string, o: OutputOptions) => {
      await withBreaks(o, io, async ({ breaks: service, asOf }) => {
        const events = await service.history(await resolveBreakId(service, given, asOf));
        io.stdout(formatHistory(events, o.format, o.lang));
      });
    },
  );
  withCommon(
    breaks
      .command('verify')
      .description('check every decision against its chain of audit events (exit 5 if broken)'),
  ).action(async (o: OutputOptions) => {
    await withBreaks(o, io, async ({ breaks: service }) => {
      const result = await service.verify();
      for (const p of result.problems) io.stdout(`${p.breakId} #${p.version ?? '?'}: ${p.problem}\n`);
      const summary = `${result.breaks} breaks decided, ${result.events} events`;
      if (result.problems.length > 0) {
        throw new CliError(
          `audit chain broken: ${result.problems.length} problem(s) in ${summary}`,
          TAMPERED_EXIT_CODE,
        );
      }
      io.stdout(`audit chain intact: ${summary}\n`);
    });
  });
}
