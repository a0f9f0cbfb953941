/**
 * `recon breaks`: the pendências of the local data directory, and the decisions a finance team takes
 * on them (docs/breaks.md). Every decision is an audit event; `verify` checks their chains.
 */
import { type Command, Option } from 'commander';
import { DecisionRefusedError, type DecisionRequest } from '../../lambdas/core/breaks/decision';
import { DecisionConflictError } from '../../lambdas/core/breaks/decision-store';
import { ACTION_STATUSES, BREAK_KINDS, BREAK_STATUSES } from '../../lambdas/core/breaks/kinds';
import type { BreakView } from '../../lambdas/core/breaks/status';
import { REPORT_LANGUAGES, type ReportLanguage } from '../../lambdas/core/report/types';
import { formatBreaks, formatHistory } from '../breaks/output';
import {
  actorOf,
  CONFLICT_EXIT_CODE,
  REFUSED_EXIT_CODE,
  resolveBreakId,
  type SessionOptions,
  TAMPERED_EXIT_CODE,
  withBreaks,
} from '../breaks/session';
import { CliError } from '../errors';
import { FORMATS, type Format } from '../format';
import type { CliIo } from '../io';
import {
  DEFAULT_DATA_DIR,
  environmentOption,
  parseAmountCents,
  parseInteger,
  parseIsoDate,
} from '../options';

interface OutputOptions extends SessionOptions {
  readonly format: Format;
  readonly lang: ReportLanguage;
}

interface ListOptions extends OutputOptions {
  readonly kind?: string;
  readonly status?: string;
  readonly all?: boolean;
  readonly acquirer?: string;
  readonly merchant?: string;
  readonly minAge?: number;
  readonly maxAge?: number;
  readonly minAmount?: number;
  readonly maxAmount?: number;
}

interface DecideOptions extends OutputOptions {
  readonly as?: string;
  readonly expect?: number;
  readonly note?: string;
  readonly ticket?: string;
  readonly assignee?: string;
  readonly reason?: string;
}

function withCommon(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'local data directory', DEFAULT_DATA_DIR)
    .addOption(environmentOption())
    .option(
      '--as-of <date>',
      "business date (default: the latest run's when pinned, else today)",
      parseIsoDate,
    )
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('table'))
    .addOption(
      new Option('--lang <language>', 'language of the table').choices(REPORT_LANGUAGES).default('pt-BR'),
    );
}

/** The filters of `list`; without --status or --all, the morning's list (new, reopened, persisting). */
function matches(b: BreakView, o: ListOptions): boolean {
  const statuses = o.status ? [o.status] : o.all ? BREAK_STATUSES : ACTION_STATUSES;
  return (
    statuses.includes(b.status) &&
    (o.kind === undefined || b.kind === o.kind) &&
    (o.acquirer === undefined || b.subject.acquirer === o.acquirer) &&
    (o.merchant === undefined || b.subject.merchant === o.merchant) &&
    (o.minAge === undefined || (b.ageDays ?? 0) >= o.minAge) &&
    (o.maxAge === undefined || (b.ageDays ?? 0) <= o.maxAge) &&
    (o.minAmount === undefined || b.stakeCents >= o.minAmount) &&
    (o.maxAmount === undefined || b.stakeCents <= o.maxAmount)
  );
}

/** A decision's refusal or conflict as the CLI's exit codes; anything else as it is. */
function asCliError(error: unknown): unknown {
  if (error instanceof DecisionConflictError) return new CliError(error.message, CONFLICT_EXIT_CODE);
  if (error instanceof DecisionRefusedError) return new CliError(error.message, REFUSED_EXIT_CODE);
  return error;
}

function registerDecision(
  breaks: Command,
  io: CliIo,
  name: DecisionRequest['action'],
  description: string,
  requestOf: (o: DecideOptions) => DecisionRequest,
  extra: (command: Command) => Command = (c) => c,
): void {
  const command = withCommon(breaks.command(`${name} <break>`).description(description))
    .option('--as <name>', 'who decides (default: RECON_OPERATOR, else the local user)')
    .option(
      '--expect <version>',
      'the version read (list, show): refuse if it changed since (exit 3)',
      parseInteger,
    );
  extra(command).action(async (given: string, o: DecideOptions) => {
    await withBreaks(o, io, async ({ breaks: service, asOf, config }) => {
      const actor = actorOf(o.as, io, config);
      const breakId = await resolveBreakId(service, given, asOf);
      const request = requestOf(o);
      const decided = await service
        .decide({ breakId, request, actor, asOf, ...(o.expect === undefined ? {} : { expected: o.expect }) })
        .catch((error: unknown) => Promise.reject(asCliError(error)));
      io.stdout(formatBreaks([decided.view], o.format, o.lang));
    });
  });
}

const text = (value: string | undefined) => value ?? '';

export function registerBreaksCommand(program: Command, io: CliIo): void {
  const breaks = program
    .command('breaks')
    .description('list the pendências and record what the team decided');
  withCommon(
    breaks.command('list').description("the morning's list; filters narrow it, --all shows every status"),
  )
    .addOption(new Option('--kind <kind>', 'only this kind').choices(BREAK_KINDS))
    .addOption(new Option('--status <status>', 'only this status').choices(BREAK_STATUSES))
    .option('--all', 'every status, accepted and resolved included')
    .option('--acquirer <acquirer>', 'only this acquirer')
    .option('--merchant <merchant>', 'only this merchant')
    .option('--min-age <days>', 'first seen at least this many days ago', parseInteger)
    .option('--max-age <days>', 'first seen at most this many days ago', parseInteger)
    .option('--min-amount <reais>', 'money at stake of at least (e.g. 10,50)', parseAmountCents)
    .option('--max-amount <reais>', 'money at stake of at most', parseAmountCents)
    .action(async (o: ListOptions) => {
      await withBreaks(o, io, async ({ breaks: service, asOf }) => {
        const views = (await service.list(asOf)).filter((b) => matches(b, o));
        io.stdout(formatBreaks(views, o.format, o.lang));
      });
    });
  withCommon(
    breaks.command('show <break>').description('one break: what it is, its decision and history'),
  ).action(async (given: string, o: OutputOptions) => {
    await withBreaks(o, io, async ({ breaks: service, asOf }) => {
      const shown = await service.show(await resolveBreakId(service, given, asOf), asOf);
      if (!shown) throw new CliError(`no break ${given}`, 2);
      io.stdout(formatBreaks([shown.view], o.format, o.lang));
      if (o.format === 'table' && shown.events.length > 0)
        io.stdout(`\n${formatHistory(shown.events, 'table', o.lang)}`);
    });
  });
  registerDecision(
    breaks,
    io,
    'treat',
    'record that somebody is on it (note, ticket, assignee)',
    (o) => ({
      action: 'treat',
      note: text(o.note),
      ...(o.ticket ? { ticket: o.ticket } : {}),
      ...(o.assignee ? { assignee: o.assignee } : {}),
    }),
    (c) =>
      c
        .requiredOption('--note <text>', 'what is being done')
        .option('--ticket <ref>', 'ticket with the acquirer')
        .option('--assignee <name>', 'who is on it'),
  );
  registerDecision(
    breaks,
    io,
    'dispute',
    'contest a chargeback; its deadline is today plus breaks.disputeDays',
    (o) => ({ action: 'dispute', note: text(o.note), ...(o.ticket ? { ticket: o.ticket } : {}) }),
    (c) => c.requiredOption('--note <text>', 'the contest').option('--ticket <ref>', 'the contest protocol'),
  );
  registerDecision(
    breaks,
    io,
    'accept',
    'write the difference off, with a reason from breaks.acceptReasons',
    (o) => ({ action: 'accept', reason: text(o.reason), note: text(o.note) }),
    (c) =>
      c
        .requiredOption('--reason <reason>', 'one of breaks.acceptReasons')
        .requiredOption('--note <text>', 'why'),
  );
  registerDecision(breaks, io, 'undo', 'take back the latest decision not undone yet (a new event)', () => ({
    action: 'undo',
  }));
  withCommon(breaks.command('history <break>').description("a break's audit events, oldest first")).action(
    async (given: string, o: OutputOptions) => {
      await withBreaks(o, io, async ({ breaks: service, asOf }) => {
        io.stdout(
          formatHistory(await service.history(await resolveBreakId(service, given, asOf)), o.format, o.lang),
        );
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
