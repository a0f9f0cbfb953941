/**
 * Finds the nightly state machine of a deployed stack with the Step Functions API alone (no
 * CloudFormation client is installed): CloudFormation tags every resource it creates with
 * `aws:cloudformation:stack-name`, so the state machine carrying the stack's tag is the one.
 */
import { ListStateMachinesCommand, ListTagsForResourceCommand, type SFNClient } from '@aws-sdk/client-sfn';
import { CliError } from './errors';

const STACK_TAG = 'aws:cloudformation:stack-name';

export async function resolveStateMachineArn(
  sfn: Pick<SFNClient, 'send'>,
  options: { explicit?: string | undefined; stack: string },
): Promise<string> {
  if (options.explicit) return options.explicit;
  const found: string[] = [];
  let nextToken: string | undefined;
  do {
    const page = await sfn.send(new ListStateMachinesCommand({ nextToken }));
    for (const machine of page.stateMachines ?? []) {
      if (!machine.stateMachineArn) continue;
      const { tags } = await sfn.send(
        new ListTagsForResourceCommand({ resourceArn: machine.stateMachineArn }),
      );
      if (tags?.some((t) => t.key === STACK_TAG && t.value === options.stack))
        found.push(machine.stateMachineArn);
    }
    nextToken = page.nextToken;
  } while (nextToken);
  if (found.length === 1 && found[0]) return found[0];
  throw new CliError(
    found.length === 0
      ? `no state machine of stack ${options.stack} found; pass --state-machine-arn or set RECON_STATE_MACHINE_ARN.`
      : `stack ${options.stack} has ${found.length} state machines; pass --state-machine-arn.`,
    1,
  );
}
