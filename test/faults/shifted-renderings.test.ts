/**
 * A provider that writes one instant and one number in their other forms: dates as date-times in
 * another offset (a São Paulo evening in UTC is the next written day, so a forecast and its payment
 * may name different sale dates), identifiers as `123.0`, `000-123`, `00 0123`, with Unicode spaces or
 * a zero-width character. Read as written, a receivable splits into an OPEN/OVERDUE forecast and an
 * UNEXPECTED payment; read as the São Paulo date of the instant and as the number, every receivable
 * equals the answer key and only the malformed entries are quarantined.
 */
import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalWorld } from '../../local/simulated-world';
import { expectLakeAgreesWithBook } from '../support/lake-agreement';
import { asOfOf, expectGroundTruth, jobsOf, PERIOD, startFaultWorld } from './harness';

let world: LocalWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every entry of every raw page archived in the lake, as received. */
async function archivedEntries(open: LocalWorld): Promise<Record<string, unknown>[]> {
  const { client, bucket } = open.s3;
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'raw/' }));
  const entries: Record<string, unknown>[] = [];
  for (const { Key } of listed.Contents ?? []) {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
    const page = JSON.parse(
      gunzipSync(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      ).toString(),
    );
    entries.push(...(page.records as Record<string, unknown>[]));
  }
  return entries;
}

describe('fault injection: zone-shifted date-times and decorated identifiers', () => {
  it('reads each instant as its São Paulo date and each id as its number: the ground truth exactly', async () => {
    world = await startFaultWorld({ simulator: { faults: { shiftedRenderings: true } } });

    const result = await world.run(PERIOD);

    await expectGroundTruth(world, result);
    await expectLakeAgreesWithBook(world, asOfOf(result));
    const quarantined = jobsOf(result)
      .flatMap((job) => Object.values(job.counts.quarantinedByReason))
      .reduce((sum, n) => sum + n, 0);
    expect(quarantined).toBe(world.simulator.expectedRecordCounts(PERIOD).malformed);

    // The forms were served: São Paulo evenings written in UTC on the next day, and decorated NSUs.
    const entries = await archivedEntries(world);
    const nextDayInUtc = entries.filter((entry) => /T0[0-2]:\d{2}:\d{2}Z$/.test(String(entry.DTVENDA)));
    expect(nextDayInUtc.length).toBeGreaterThan(10);
    const nsus = entries.map((entry) => String(entry.NSU));
    for (const form of [/\.0$/, /^000-/, /^00 0/, /\u200B/]) {
      expect(nsus.some((nsu) => form.test(nsu))).toBe(true);
    }
  });
});
