/**
 * `recon breaks treat|dispute|accept|undo`: one break named by its reference, or every break the
 * filters of `list` select (one audit event each). `--expect` guards one break against a stale read.
 */
import type { Command } from 'commander';
import type { DecisionRequest } from '../../lambdas/core/breaks/decision';
import { type BreakFilters, hasFilters, matches } from '../../lambdas/core/breaks/filters';
import { UsageError } from '../errors';
import type { CliIo } from '../io';
import { parseInteger } from '../options';
import { asCliError, type OutputOptions, withCommon } from './common';
import { withFilters } from './filters';
import { formatBreaks } from './output';
import { actorOf, resolveBreakId, withBreaks } from './session';

interface DecideOptions extends OutputOptions, BreakFilters {
  readonly as?: string;
  readonly expect?: number;
  readonly note?: string;
  readonly ticket?: string;
  readonly assignee?: string;
  readonly reason?: string;
}

function registerDecision(
  breaks: Command,
  io: CliIo,
  name: DecisionRequest['action'],
  description: string,
  requestOf: (o: DecideOptions) => DecisionRequest,
  extra: (command: Command) => Command = (c) => c,
): void {
  const command = withFilters(withCommon(breaks.command(`${name} [break]`).description(description)))
    .option('--as <name>', 'who decides (default: RECON_OPERATOR, else the local user)')
    .option(
      '--expect <version>',
      'the version read (show, jsonl): refuse if it changed since (exit 3)',
      parseInteger,
    );
  extra(command).action(async (given: string | undefined, o: DecideOptions) => {
    if ((given === undefined) === !hasFilters(o)) {
      throw new UsageError(
        'name one break, or select several with the filters of list (--kind, --max-amount…)',
      );
    }
    if (given === undefined && o.expect !== undefined)
      throw new UsageError("--expect is one break's version");
    await withBreaks(o, io, async ({ breaks: service, asOf, config }) => {
      const actor = actorOf(o.as, io, config);
      const ids =
        given === undefined
          ? (await service.list(asOf)).filter((b) => matches(b, o)).map((b) => b.id)
          : [await resolveBreakId(service, given, asOf)];
      const expected = o.expect === undefined ? {} : { expected: o.expect };
      const views = [];
      for (const breakId of ids) {
        const decided = service.decide({ breakId, request: requestOf(o), actor, asOf, ...expected });
        views.push((await decided.catch((error: unknown) => Promise.reject(asCliError(error)))).view);
      }
      io.stdout(formatBreaks(views, o.format, o.lang));
    });
  });
}

const text = (value: string | undefined) => value ?? '';
const optional = (o: DecideOptions) => ({
  ...(o.ticket ? { ticket: o.ticket } : {}),
  ...(o.assignee ? { assignee: o.assignee } : {}),
});

export function registerDecisionCommands(breaks: Command, io: CliIo): void {
  registerDecision(
    breaks,
    io,
    'treat',
    'record that somebody is on it (note, ticket, assignee)',
    (o) => ({ action: 'treat', note: text(o.note), ...optional(o) }),
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
    (o) => ({ action: 'dispute', note: text(o.note), ...optional(o) }),
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
}
