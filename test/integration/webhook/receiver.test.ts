import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { delivery, eventBody, NOW, PREVIOUS_SECRET, SECRET, useLocalDynamo, webhookFixture } from './support';

const REPORT = '9007199254740993';
const nowSeconds = Math.floor(NOW.getTime() / 1000);

describe('webhook receiver (dynalite, real stores)', () => {
  const dynamo = useLocalDynamo();

  /** A waiting workflow, so that any wrongly accepted delivery would show up as a resume. */
  async function waitingFixture(options: Parameters<typeof webhookFixture>[1] = {}) {
    const fixture = await webhookFixture(dynamo(), options);
    await fixture.waits.registerWait(REPORT, 'token-1');
    const before = await fixture.items();
    return { ...fixture, before };
  }

  it('accepts a signed delivery, records the page and resumes the waiting workflow', async () => {
    const { receiver, sent, items } = await waitingFixture();
    const response = await receiver.receive(delivery({ requestId: 'req-1', reportId: REPORT, page: 2 }));
    expect(response).toEqual({ statusCode: 200, body: '{"status":"accepted"}' });
    expect(sent).toEqual([{ taskToken: 'token-1', output: { reportId: REPORT, via: 'webhook' } }]);
    const all = await items();
    expect(all.find((i) => i.pk === `WAIT#${REPORT}`)?.pages).toEqual(new Set([2]));
    expect(all.find((i) => i.pk === 'IDEMPOTENCY')).toMatchObject({ sk: 'webhook#req-1' });
  });

  it('verifies a body delivered as plain text too', async () => {
    const { receiver, sent } = await waitingFixture();
    const request = delivery({ reportId: REPORT });
    const text = Buffer.from(request.body, 'base64').toString('utf8');
    expect((await receiver.receive({ ...request, body: text, isBase64Encoded: false })).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('accepts header names in any case', async () => {
    const { receiver, sent } = await waitingFixture();
    const request = delivery({ reportId: REPORT });
    const upper = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect((await receiver.receive({ ...request, headers: upper })).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('accepts a delivery signed with the previous secret (rotation)', async () => {
    const { receiver, sent } = await waitingFixture();
    expect((await receiver.receive(delivery({ reportId: REPORT, secret: PREVIOUS_SECRET }))).statusCode).toBe(
      200,
    );
    expect(sent).toHaveLength(1);
  });

  it('accepts timestamps in milliseconds and at the edge of the window', async () => {
    const { receiver, sent } = await waitingFixture();
    const ms = String(NOW.getTime() - 300_000);
    expect((await receiver.receive(delivery({ reportId: REPORT, timestamp: ms }))).statusCode).toBe(200);
    expect(
      (await receiver.receive(delivery({ reportId: REPORT, timestamp: String(nowSeconds + 300) })))
        .statusCode,
    ).toBe(200);
    expect(sent).toHaveLength(1);
  });

  const tamperedBody = () => {
    const request = delivery({ reportId: REPORT });
    const text = Buffer.from(request.body, 'base64').toString('utf8').replace('"pagina":1', '"pagina":7');
    return { ...request, body: Buffer.from(text).toString('base64') };
  };
  const unsigned = (text: string) => delivery({ body: text, headers: { 'x-request-id': 'r' } });

  it.each([
    ['a tampered body', 401, tamperedBody],
    ['a wrong secret', 401, () => delivery({ reportId: REPORT, secret: 'guessed-secret' })],
    ['no x-signature', 401, () => delivery({ reportId: REPORT, headers: { 'x-signature': undefined } })],
    [
      'no x-signature-algorithm',
      401,
      () => delivery({ reportId: REPORT, headers: { 'x-signature-algorithm': undefined } }),
    ],
    [
      'no x-signature-version',
      401,
      () => delivery({ reportId: REPORT, headers: { 'x-signature-version': undefined } }),
    ],
    ['no x-timestamp', 401, () => delivery({ reportId: REPORT, headers: { 'x-timestamp': undefined } })],
    [
      'signature version v2',
      401,
      () => delivery({ reportId: REPORT, headers: { 'x-signature-version': 'v2' } }),
    ],
    [
      'algorithm HMAC-SHA1',
      401,
      () => delivery({ reportId: REPORT, headers: { 'x-signature-algorithm': 'HMAC-SHA1' } }),
    ],
    [
      'a stale timestamp in seconds',
      401,
      () => delivery({ reportId: REPORT, timestamp: String(nowSeconds - 301) }),
    ],
    [
      'a stale timestamp in ms',
      401,
      () => delivery({ reportId: REPORT, timestamp: String(NOW.getTime() - 300_001) }),
    ],
    ['a future timestamp', 401, () => delivery({ reportId: REPORT, timestamp: String(nowSeconds + 301) })],
    ['a non-numeric timestamp', 401, () => delivery({ reportId: REPORT, timestamp: 'yesterday' })],
    ['a signed non-JSON body', 400, () => unsigned('id=9007199254740993&pagina=1')],
    ['a signed body of another shape', 400, () => unsigned('{"version":"1.0","requestId":"r","payload":{}}')],
    [
      'an x-request-id differing from the body',
      400,
      () => delivery({ reportId: REPORT, headers: { 'x-request-id': 'other' } }),
    ],
    ['no x-request-id', 400, () => delivery({ reportId: REPORT, headers: { 'x-request-id': undefined } })],
    [
      'an oversized body',
      413,
      () => delivery({ body: `${eventBody('r', REPORT, 1)}${' '.repeat(16 * 1024)}` }),
    ],
  ])('answers %s with %i and changes nothing', async (_name, status, request) => {
    const { receiver, sent, items, before } = await waitingFixture();
    const response = await receiver.receive(request());
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain(SECRET);
    expect(sent).toEqual([]);
    expect(await items()).toEqual(before);
  });

  it('answers 413 before spending any work on the signature or the secret', async () => {
    let secretReads = 0;
    const secrets = async () => {
      secretReads += 1;
      return { current: SECRET };
    };
    const fixture = await webhookFixture(dynamo(), { config: { maxBodyBytes: 64 }, secrets });
    expect((await fixture.receiver.receive(delivery({ reportId: REPORT }))).statusCode).toBe(413);
    expect(secretReads).toBe(0);
    expect(await fixture.items()).toEqual([]);
  });

  it('answers a replayed request id 200 without resuming again', async () => {
    const { receiver, sent, items } = await waitingFixture();
    const request = delivery({ requestId: 'req-replayed', reportId: REPORT });
    expect((await receiver.receive(request)).statusCode).toBe(200);
    const afterFirst = await items();
    expect(await receiver.receive(request)).toEqual({ statusCode: 200, body: '{"status":"duplicate"}' });
    expect(sent).toHaveLength(1);
    expect(await items()).toEqual(afterFirst);
  });

  it('records an early event, and the later registration resumes at once', async () => {
    const { receiver, waits, sent } = await webhookFixture(dynamo());
    expect((await receiver.receive(delivery({ reportId: REPORT, page: 1 }))).statusCode).toBe(200);
    expect(sent).toEqual([]);
    expect(await waits.registerWait(REPORT, 'token-late')).toBe('resumed');
    expect(sent.map((s) => s.taskToken)).toEqual(['token-late']);
  });

  it('resumes exactly once for 10 concurrent deliveries and a concurrent registration', async () => {
    const { receiver, waits, sent, items } = await webhookFixture(dynamo());
    const deliveries = Array.from({ length: 10 }, (_, i) =>
      receiver.receive(delivery({ requestId: randomUUID(), reportId: REPORT, page: (i % 4) + 1 })),
    );
    const [, ...responses] = await Promise.all([waits.registerWait(REPORT, 'token-c'), ...deliveries]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(sent).toEqual([{ taskToken: 'token-c', output: { reportId: REPORT, via: 'webhook' } }]);
    const wait = (await items()).find((i) => i.pk === `WAIT#${REPORT}`);
    expect(wait?.pages).toEqual(new Set([1, 2, 3, 4]));
  });

  it('answers 200 when the workflow had already timed out and fallen back to polling', async () => {
    const { receiver } = await waitingFixture({
      sendTaskSuccess: async () => {
        throw Object.assign(new Error('Task Timed Out'), { name: 'TaskTimedOut' });
      },
    });
    expect((await receiver.receive(delivery({ reportId: REPORT }))).statusCode).toBe(200);
  });

  it('answers 500 on a store failure and lets the retry of that delivery through', async () => {
    const calls: string[] = [];
    const { receiver } = await waitingFixture({
      sendTaskSuccess: async (taskToken) => {
        calls.push(taskToken);
        if (calls.length === 1)
          throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
      },
    });
    const request = delivery({ requestId: 'req-retry', reportId: REPORT });
    expect(await receiver.receive(request)).toEqual({
      statusCode: 500,
      body: '{"message":"internal error"}',
    });
    expect(await receiver.receive(request)).toEqual({ statusCode: 200, body: '{"status":"accepted"}' });
    expect(await receiver.receive(request)).toEqual({ statusCode: 200, body: '{"status":"duplicate"}' });
    expect(calls).toEqual(['token-1', 'token-1']);
  });

  describe('second factor header', () => {
    const secondFactor = { header: 'X-Recon-Key', value: async () => 'second-factor-value' };

    it('accepts the registered header value', async () => {
      const { receiver, sent } = await waitingFixture({ config: { secondFactor } });
      const request = delivery({ reportId: REPORT, headers: { 'x-recon-key': 'second-factor-value' } });
      expect((await receiver.receive(request)).statusCode).toBe(200);
      expect(sent).toHaveLength(1);
    });

    it.each([
      ['missing', undefined],
      ['wrong', 'second-factor-valuf'],
    ])('answers 401 when it is %s', async (_name, value) => {
      const { receiver, sent, items, before } = await waitingFixture({ config: { secondFactor } });
      const request = delivery({ reportId: REPORT, headers: { 'x-recon-key': value } });
      expect((await receiver.receive(request)).statusCode).toBe(401);
      expect(sent).toEqual([]);
      expect(await items()).toEqual(before);
    });
  });

  it('never writes a secret or a signature to the log', async () => {
    const lines: string[] = [];
    const record = (message: string, attributes?: Record<string, unknown>) =>
      lines.push(`${message} ${JSON.stringify(attributes)}`);
    const logger = { info: record, warn: record, error: record };
    const { receiver } = await webhookFixture(dynamo(), { logger });
    const good = delivery({ reportId: REPORT });
    const forged = delivery({ reportId: REPORT, secret: 'guessed-secret' });
    await receiver.receive(good);
    await receiver.receive(forged);
    await receiver.receive({
      ...good,
      headers: { ...good.headers, 'x-signature-version': 'v9' },
    });
    expect(lines.length).toBe(3);
    const joined = lines.join('\n');
    for (const forbidden of [SECRET, good.headers['x-signature'], forged.headers['x-signature']]) {
      expect(joined).not.toContain(forbidden);
    }
  });
});
