/**
 * `recon backfill`: starts executions of the deployed state machine for a past period, one per
 * window the provider accepts. Execution names are deterministic (`recon-<from>-<to>`), so running
 * the same backfill twice does not start the same window twice (Step Functions refuses the name).
 */
import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { Command } from 'commander';
import { splitIntoWindows } from '../../lambdas/core/provider/windows';
import { UsageError } from '../errors';
import type { CliIo } from '../io';
import { parseIsoDate } from '../options';
import { resolveStateMachineArn } from '../state-machine';

interface BackfillOptions {
  readonly from: string;
  readonly to: string;
  readonly stack?: string;
  readonly stateMachineArn?: string;
  readonly dryRun?: boolean;
}

export interface PlannedExecution {
  readonly name: string;
  readonly input: { readonly from: string; readonly to: string };
}

export function planBackfill(from: string, to: string): PlannedExecution[] {
  if (to < from) throw new UsageError(`--to ${to} is before --from ${from}.`);
  return splitIntoWindows(from, to).map((w) => ({ name: `recon-${w.from}-${w.to}`, input: w }));
}

/** Starts each planned execution; one that already exists (an earlier backfill) is reported, not retried. */
export async function startAll(
  sfn: Pick<SFNClient, 'send'>,
  arn: string,
  plan: readonly PlannedExecution[],
  io: Pick<CliIo, 'stdout'>,
) {
  for (const execution of plan) {
    try {
      const out = await sfn.send(
        new StartExecutionCommand({
          stateMachineArn: arn,
          name: execution.name,
          input: JSON.stringify(execution.input),
        }),
      );
      io.stdout(`started ${execution.name} ${out.executionArn ?? ''}\n`);
    } catch (error) {
      if (!(error instanceof ExecutionAlreadyExists)) throw error;
      io.stdout(`already exists ${execution.name} (not started again)\n`);
    }
  }
}

export function registerBackfillCommand(program: Command, io: CliIo): void {
  program
    .command('backfill')
    .description(
      'start executions of the deployed stack for a past period, one per window of at most 31 days',
    )
    .requiredOption('--from <date>', 'first movement date (yyyy-MM-dd)', parseIsoDate)
    .requiredOption('--to <date>', 'last movement date, inclusive (yyyy-MM-dd)', parseIsoDate)
    .option('--stack <name>', 'CloudFormation stack whose state machine to start', 'Recon')
    .option(
      '--state-machine-arn <arn>',
      'state machine ARN (default: env RECON_STATE_MACHINE_ARN, else found by --stack)',
    )
    .option('--dry-run', 'print the executions it would start, without calling AWS')
    .action(async (options: BackfillOptions) => {
      const plan = planBackfill(options.from, options.to);
      if (options.dryRun) {
        for (const e of plan) io.stdout(`would start ${e.name} ${JSON.stringify(e.input)}\n`);
        return;
      }
      const sfn = new SFNClient({});
      try {
        const arn = await resolveStateMachineArn(sfn, {
          explicit: options.stateMachineArn ?? io.env.RECON_STATE_MACHINE_ARN,
          stack: options.stack ?? 'Recon',
        });
        await startAll(sfn, arn, plan, io);
      } finally {
        sfn.destroy();
      }
    });
}
