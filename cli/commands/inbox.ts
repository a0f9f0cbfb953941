/**
 * `recon inbox`: the pendências in the browser, served on 127.0.0.1 against the local stores of the
 * data directory until Ctrl-C. It prints a link with a one-time token; opening it signs that
 * browser in as `--actor` (default the local user), an operator when `breaks.operators` names them
 * (or is empty), else a viewer; `--viewer` makes anyone a viewer. docs/inbox.md.
 */
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { buildInbox } from '../../lambdas/core/inbox/app';
import { localGate } from '../../lambdas/core/inbox/gate';
import { buildSessions } from '../../lambdas/core/inbox/session';
import type { ReportLanguage } from '../../lambdas/core/report-language';
import { withStoreOptions } from '../breaks/common';
import { withBreaks } from '../breaks/session';
import { UsageError } from '../errors';
import { startInboxServer } from '../inbox/server';
import { untilAborted } from '../interrupt';
import type { CliIo } from '../io';
import { languageOption, parsePort } from '../options';

interface InboxOptions {
  readonly dataDir: string;
  readonly env?: 'sandbox' | 'production';
  readonly asOf?: string;
  readonly port: number;
  readonly actor?: string;
  readonly viewer?: boolean;
  readonly lang: ReportLanguage;
}

export function registerInboxCommand(program: Command, io: CliIo): void {
  withStoreOptions(
    program
      .command('inbox')
      .description(
        'the pendências in the browser on 127.0.0.1: prints a one-time sign-in link; stop with Ctrl-C',
      ),
  )
    .option('--port <n>', 'port on 127.0.0.1 (0 = any free port)', parsePort, 0)
    .option('--actor <name>', 'who decides in this browser (default: RECON_OPERATOR, else the local user)')
    .option('--viewer', 'read only: every decision is refused')
    .addOption(languageOption('the pages'))
    .action(async (o: InboxOptions) => {
      const name = (o.actor ?? io.env.RECON_OPERATOR ?? userInfo().username).trim();
      if (name === '') throw new UsageError('say who is signing in: --actor <name>');
      // The stores stay open until the server has closed: Ctrl-C ends the wait below, not the work,
      // so the lock is released only once nothing can write any more.
      const { signal, ...held } = io;
      await withBreaks(o, held, async ({ breaks, records, asOf, config }) => {
        const { operators, acceptReasons } = config.breaks;
        const canDecide = !o.viewer && (operators.length === 0 || operators.includes(name));
        const sessions = buildSessions();
        const language = o.lang;
        const gate = localGate({ sessions, identity: { name, canDecide }, language });
        const inbox = buildInbox({ breaks, records, asOf, acceptReasons, gate, language });
        const server = await startInboxServer(inbox, o.port);
        io.stdout(`${server.url}/entrar?token=${sessions.issueToken()}\n`);
        io.stderr(
          `recon inbox: ${name} (${canDecide ? 'operator' : 'viewer'}), pendências of ${asOf}; ` +
            'the link above signs in one browser once, within 15 minutes. Ctrl-C stops.\n',
        );
        try {
          await untilAborted(signal);
        } finally {
          await server.close();
        }
        io.stderr('recon inbox: stopped.\n');
      });
    });
}
