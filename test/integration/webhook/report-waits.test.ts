import { describe, expect, it } from 'vitest';
import { NOW, useLocalDynamo, webhookFixture } from './support';

const REPORT = '9007199254740993';

const named = (name: string) => Object.assign(new Error(`${name} from Step Functions`), { name });

describe('report waits (dynalite)', () => {
  const dynamo = useLocalDynamo();

  it('resumes a waiting workflow when the event arrives, once', async () => {
    const { waits, sent, items } = await webhookFixture(dynamo());
    expect(await waits.registerWait(REPORT, 'token-1')).toBe('waiting');
    expect(sent).toEqual([]);
    expect(await waits.recordEvent(REPORT, 1)).toBe('resumed');
    expect(await waits.recordEvent(REPORT, 2)).toBe('already-resumed');
    expect(sent).toEqual([{ taskToken: 'token-1', output: { reportId: REPORT, via: 'webhook' } }]);
    const [item] = await items();
    expect(item).toMatchObject({
      pk: `WAIT#${REPORT}`,
      sk: 'WAIT',
      taskToken: 'token-1',
      eventAt: NOW.toISOString(),
      resumedAt: NOW.toISOString(),
      pages: new Set([1, 2]),
      expiresAt: Math.floor(NOW.getTime() / 1000) + 7 * 86_400,
    });
  });

  it('resumes at registration when the event came first', async () => {
    const { waits, sent } = await webhookFixture(dynamo());
    expect(await waits.recordEvent(REPORT, 1)).toBe('recorded');
    expect(await waits.recordEvent(REPORT, 1)).toBe('recorded');
    expect(sent).toEqual([]);
    expect(await waits.registerWait(REPORT, 'token-early')).toBe('resumed');
    expect(sent).toEqual([{ taskToken: 'token-early', output: { reportId: REPORT, via: 'webhook' } }]);
  });

  it('resumes exactly once under concurrent events and registration', async () => {
    const { waits, sent } = await webhookFixture(dynamo());
    const events = Array.from({ length: 10 }, (_, i) => waits.recordEvent(REPORT, (i % 3) + 1));
    const [registered, ...outcomes] = await Promise.all([waits.registerWait(REPORT, 'token-c'), ...events]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.taskToken).toBe('token-c');
    const resumedByEvents = outcomes.filter((outcome) => outcome === 'resumed').length;
    expect(resumedByEvents).toBeLessThanOrEqual(1);
    expect(registered === 'resumed' || resumedByEvents === 1).toBe(true);
  });

  it('keeps a retried registration of the same token from resuming twice', async () => {
    const { waits, sent } = await webhookFixture(dynamo());
    await waits.registerWait(REPORT, 'token-1');
    await waits.recordEvent(REPORT, 1);
    expect(await waits.registerWait(REPORT, 'token-1')).toBe('resumed');
    expect(sent.map((s) => s.taskToken)).toEqual(['token-1']);
  });

  it('resumes a new token at once when the report was already announced and resumed', async () => {
    const { waits, sent } = await webhookFixture(dynamo());
    await waits.registerWait(REPORT, 'token-1');
    await waits.recordEvent(REPORT, 1);
    expect(await waits.registerWait(REPORT, 'token-2')).toBe('resumed');
    expect(sent.map((s) => s.taskToken)).toEqual(['token-1', 'token-2']);
  });

  it.each(['TaskTimedOut', 'InvalidToken', 'TaskDoesNotExist'])(
    'treats %s (the workflow fell back to polling) as done, not as a failure',
    async (name) => {
      const calls: string[] = [];
      const { waits, items } = await webhookFixture(dynamo(), {
        sendTaskSuccess: async (taskToken) => {
          calls.push(taskToken);
          throw named(name);
        },
      });
      await waits.registerWait(REPORT, 'token-gone');
      expect(await waits.recordEvent(REPORT, 1)).toBe('resumed');
      expect(await waits.recordEvent(REPORT, 2)).toBe('already-resumed');
      expect(calls).toEqual(['token-gone']);
      expect((await items())[0]?.resumedAt).toBe(NOW.toISOString());
    },
  );

  it('releases its claim when SendTaskSuccess fails otherwise, so the next delivery retries', async () => {
    const calls: string[] = [];
    const { waits, items } = await webhookFixture(dynamo(), {
      sendTaskSuccess: async (taskToken) => {
        calls.push(taskToken);
        if (calls.length === 1) throw named('ThrottlingException');
      },
    });
    await waits.registerWait(REPORT, 'token-1');
    await expect(waits.recordEvent(REPORT, 1)).rejects.toThrow('ThrottlingException');
    expect((await items())[0]?.resumedAt).toBeUndefined();
    expect(await waits.recordEvent(REPORT, 1)).toBe('resumed');
    expect(calls).toEqual(['token-1', 'token-1']);
  });
});
