/**
 * Fault matrix, echoed secrets: a provider whose error bodies quote the request (the API token, the
 * Authorization header, the body), with the token straddling the character where recon cuts a
 * provider's message. Jobs fail on such errors (the token is revoked mid-run); no piece of the token may reach the Step Functions
 * state and output, the notification, the summary, the HTML report, any object in the lake or any
 * item in the table.
 */
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import { leaks } from '../support/secret-sweep';
import { jobsOf, PERIOD, startFaultWorld } from './harness';

/** Distinctive values, so that any six characters of them found anywhere are theirs. */
const CREDENTIALS = { email: 'ops@recon.example', apiToken: 'tok_live_9f8e7d6c5b4aQz31' };
const BASIC = Buffer.from(`${CREDENTIALS.email}:${CREDENTIALS.apiToken}`).toString('base64');

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every object in the lake's bucket, by key, as text. */
async function lakeObjects(w: LocalWorld): Promise<Record<string, string>> {
  const { client, bucket } = w.s3;
  const objects: Record<string, string> = {};
  let token: string | undefined;
  do {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const { Key } of listed.Contents ?? []) {
      if (!Key) continue;
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      const bytes = (await got.Body?.transformToByteArray()) ?? new Uint8Array();
      objects[`s3://${Key}`] = Buffer.from(bytes).toString('latin1');
    }
    token = listed.NextContinuationToken;
  } while (token);
  return objects;
}

describe('fault injection: a provider that echoes the request in its errors', () => {
  it('fails the job in plain words and lets no piece of the token out anywhere', async () => {
    world = await startFaultWorld({ simulator: { credentials: CREDENTIALS } });
    const { simulator, steps } = world;
    // recon cuts a provider's message at 300 characters: the echoed token starts ten before the cut.
    simulator.setFaults({ echoRequest: { tokenAt: 290 } });
    // Once the reports are generated, the token is refused (401, not retried): the jobs fail on it.
    const revoke = () => simulator.setFaults({ credentialsRevoked: true });

    const result = await world.run(PERIOD, {
      steps: {
        ...steps,
        downloadPages: async (input) => {
          revoke();
          return steps.downloadPages(input);
        },
        downloadUntilEmpty: async (input) => {
          revoke();
          return steps.downloadUntilEmpty(input);
        },
      },
    });

    const failed = jobsOf(result).filter((job) => job.outcome !== 'COMPLETED');
    expect(failed.length).toBeGreaterThan(0);
    const state = JSON.stringify(result);
    const lake = await lakeObjects(world);
    expect(Object.keys(lake).some((key) => key.endsWith('summary.json'))).toBe(true);
    expect(Object.keys(lake).some((key) => key.endsWith('.html'))).toBe(true);
    const table = await world.dynamo.documentClient.send(
      new ScanCommand({ TableName: world.dynamo.tableName }),
    );
    expect(table.LastEvaluatedKey).toBeUndefined();
    const texts = {
      'state and output': state,
      notification: JSON.stringify(world.published),
      'every item of the table': JSON.stringify(table.Items),
      ...lake,
    };
    expect(leaks(texts, [CREDENTIALS.apiToken, BASIC])).toEqual([]);
    // The echo did reach recon's output (redacted): the test does not pass on silence.
    expect(state).toContain('token recebido: [redac');
    const summary = Object.entries(lake).find(([key]) => key.endsWith('summary.json'))?.[1];
    expect(summary).toContain('token recebido: [redac');
    // The morning message cuts a failure's technical detail to 200 characters (docs/report.md), after
    // the redaction upstream: it carries the failure, and the sweep above shows no piece of the token.
    expect(JSON.stringify(world.published)).toContain('AuthenticationError');
  });
});
