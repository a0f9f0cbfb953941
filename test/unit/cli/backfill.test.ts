import {
  ExecutionAlreadyExists,
  ListStateMachinesCommand,
  ListTagsForResourceCommand,
  type SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { planBackfill, startAll } from '../../../cli/commands/backfill';
import { resolveStateMachineArn } from '../../../cli/state-machine';

const arn = (name: string) => `arn:aws:states:sa-east-1:123456789012:stateMachine:${name}`;

/** A Step Functions API with two pages of state machines, tagged by CloudFormation stack. */
function fakeSfn(tags: Record<string, string>, existing: Set<string> = new Set()) {
  const started: { name: string; input: string }[] = [];
  const send = async (command: unknown) => {
    if (command instanceof ListStateMachinesCommand) {
      const names = Object.keys(tags);
      const page = command.input.nextToken === 'p2' ? names.slice(1) : names.slice(0, 1);
      return {
        stateMachines: page.map((n) => ({ stateMachineArn: arn(n) })),
        nextToken: command.input.nextToken ? undefined : 'p2',
      };
    }
    if (command instanceof ListTagsForResourceCommand) {
      const name = command.input.resourceArn?.split(':').pop() ?? '';
      return { tags: [{ key: 'aws:cloudformation:stack-name', value: tags[name] }] };
    }
    if (command instanceof StartExecutionCommand) {
      const name = command.input.name ?? '';
      if (existing.has(name)) throw new ExecutionAlreadyExists({ message: 'exists', $metadata: {} });
      started.push({ name, input: command.input.input ?? '' });
      return { executionArn: `exec:${name}` };
    }
    throw new Error('unexpected command');
  };
  return { sfn: { send } as unknown as Pick<SFNClient, 'send'>, started };
}

describe('backfill', () => {
  it('finds the state machine by its CloudFormation stack tag, across pages', async () => {
    const { sfn } = fakeSfn({ Other: 'OtherStack', Nightly: 'Recon' });
    expect(await resolveStateMachineArn(sfn, { stack: 'Recon' })).toBe(arn('Nightly'));
    expect(await resolveStateMachineArn(sfn, { stack: 'Recon', explicit: arn('Given') })).toBe(arn('Given'));
    await expect(resolveStateMachineArn(sfn, { stack: 'Missing' })).rejects.toThrow(
      'no state machine of stack Missing found; pass --state-machine-arn or set RECON_STATE_MACHINE_ARN.',
    );
  });

  it('starts one named execution per window and skips windows that already ran', async () => {
    const { sfn, started } = fakeSfn({}, new Set(['recon-2025-01-01-2025-01-31']));
    let out = '';
    await startAll(sfn, arn('Nightly'), planBackfill('2025-01-01', '2025-02-10'), {
      stdout: (text) => {
        out += text;
      },
    });
    expect(started).toEqual([
      { name: 'recon-2025-02-01-2025-02-10', input: '{"from":"2025-02-01","to":"2025-02-10"}' },
    ]);
    expect(out).toBe(
      'already exists recon-2025-01-01-2025-01-31 (not started again)\n' +
        'started recon-2025-02-01-2025-02-10 exec:recon-2025-02-01-2025-02-10\n',
    );
  });
});
