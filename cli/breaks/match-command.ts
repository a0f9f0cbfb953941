/**
 * `recon breaks match <break>... --to <forecast>`: links unexpected payments to the open or late
 * forecast they pay (docs/breaks.md, "Manual match"), one audit event per payment. `--to` takes the
 * forecast's break (a late one) by reference or id, or its receivable's match key (an open one has
 * no break). An unexplained credit's break is matched the same way to a missing or differing
 * deposit's break (the kinds tell which side it is). Undone with `recon breaks undo` on the
 * payment's or credit's break.
 */
import type { Command } from 'commander';
import { isDepositBreakId } from '../../lambdas/core/breaks/deposit-breaks';
import { receivableKeyOf } from '../../lambdas/core/breaks/manual-match';
import type { IsoDate } from '../../lambdas/core/calendar';
import type { CliIo } from '../io';
import { asCliError, type OutputOptions, withCommon } from './common';
import { formatBreaks } from './output';
import { actorOf, resolveBreakId, type Session, withBreaks } from './session';

interface MatchOptions extends OutputOptions {
  readonly to: string;
  readonly reason: string;
  readonly note: string;
  readonly as?: string;
}

/** A short reference: what `list` prints in its first column. */
const REFERENCE = /^[0-9a-f]{4,64}$/i;

/**
 * The forecast's receivable key (a break's id or reference, or the key itself), or an expected
 * deposit's break id (by id or reference) for a credit's match.
 */
async function targetKey(session: Session, given: string, asOf: IsoDate): Promise<string> {
  const id =
    given.startsWith('r:') || given.startsWith('d:') || REFERENCE.test(given)
      ? await resolveBreakId(session.breaks, given, asOf)
      : undefined;
  if (id !== undefined && isDepositBreakId(id)) return id;
  return (id === undefined ? undefined : receivableKeyOf(id)) ?? given;
}

export function registerMatchCommand(breaks: Command, io: CliIo): void {
  withCommon(
    breaks
      .command('match <break...>')
      .description(
        'link unexpected payments to the open or late forecast they pay (an NSU typed wrong), or unexplained credits to the expected deposit they are',
      ),
  )
    .requiredOption(
      '--to <forecast>',
      "the forecast's break (reference or id) or its receivable's match key; for a credit, the deposit's break",
    )
    .requiredOption('--reason <text>', 'why these payments are that forecast (these credits, that deposit)')
    .requiredOption('--note <text>', 'what was checked')
    .option('--as <name>', 'who decides (default: RECON_OPERATOR, else the local user)')
    .action(async (given: string[], o: MatchOptions) => {
      await withBreaks(o, io, async (session) => {
        const { breaks: service, asOf, config } = session;
        const actor = actorOf(o.as, io, config);
        const to = await targetKey(session, o.to, asOf);
        const views = [];
        for (const ref of given) {
          const breakId = await resolveBreakId(service, ref, asOf);
          const request = { action: 'match' as const, to, reason: o.reason, note: o.note };
          const decided = service.decide({ breakId, request, actor, asOf });
          views.push((await decided.catch((error: unknown) => Promise.reject(asCliError(error)))).view);
        }
        io.stdout(formatBreaks(views, o.format, o.lang));
      });
    });
}
