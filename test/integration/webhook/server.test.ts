import { describe, expect, it } from 'vitest';
import { startLocalWebhookServer } from '../../../local/webhook/server';
import { delivery, useLocalDynamo, webhookFixture } from './support';

describe('local webhook server', () => {
  const dynamo = useLocalDynamo();

  it('passes the exact request bytes and headers to the receiver, and only on POST /webhook', async () => {
    const { receiver, waits, sent } = await webhookFixture(dynamo());
    const server = await startLocalWebhookServer({ receiver });
    try {
      await waits.registerWait('77', 'token-1');
      const request = delivery({ reportId: '77' });
      const post = (url: string, body: Buffer) =>
        fetch(url, { method: 'POST', headers: request.headers as Record<string, string>, body });
      const raw = Buffer.from(request.body, 'base64');
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
      expect((await fetch(server.url)).status).toBe(404);
      expect((await post(server.url.replace('/webhook', '/other'), raw)).status).toBe(404);
      expect((await post(server.url, Buffer.concat([raw, Buffer.from(' ')]))).status).toBe(401);
      expect((await post(server.url, Buffer.alloc(2 * 1024 * 1024, 32))).status).toBe(413);
      expect(sent).toEqual([]);
      const accepted = await post(server.url, raw);
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({ status: 'accepted' });
      expect(sent.map((s) => s.taskToken)).toEqual(['token-1']);
    } finally {
      await server.close();
    }
  });
});
