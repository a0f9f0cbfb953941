import type { S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import { buildPageIngestor } from '../../../lambdas/core/ingest/lake/ingest';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import type { Page } from '../../../lambdas/core/provider/port';

/** An S3 stand-in that keeps the last body put under each key (the real S3 runs in test/integration/lake). */
function fakeS3() {
  const objects = new Map<string, unknown>();
  const client = {
    async send(command: { constructor: { name: string }; input: { Key: string; Body?: unknown } }) {
      if (command.constructor.name === 'PutObjectCommand') objects.set(command.input.Key, command.input.Body);
      else if (command.constructor.name === 'DeleteObjectCommand') objects.delete(command.input.Key);
      else throw new Error(`unexpected ${command.constructor.name}`);
      return {};
    },
  };
  return { objects, client: client as unknown as S3Client };
}

const source: RecordSource = { reportKind: 'financial', reportId: '77', page: 3, generatedOn: '2025-04-05' };

/** Raw entries of every sort: good D1s, records with random fields, and arbitrary JSON. */
const entryArb = fc.oneof(
  fc.record({
    TIPOREGISTRO: fc.constantFrom('D1', 'E1', 'd1', 'Z9'),
    ADQUIRENTE: fc.constantFrom('A', 'B'),
    ESTABELECIMENTO: fc.constant('EC'),
    NSU: fc.integer({ min: 1, max: 50 }),
    CODAUTORIZACAO: fc.constant('X'),
    DTVENDA: fc.constantFrom(20250301, '2025-03-02', '31/02/2025'),
    NRPARCELA: fc.constantFrom(1, 2, '3', 'x'),
    VLLIQUIDO: fc.oneof(
      fc.integer({ min: -10_000, max: 10_000 }),
      fc.constantFrom('1.234,56', '1,5', '1.005'),
    ),
    DTPAGAMENTO: fc.constantFrom(20250401, 20250402, null),
  }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
);

function page(entries: unknown[]): Page {
  const isRecord = (e: unknown) => typeof e === 'object' && e !== null && !Array.isArray(e);
  return {
    reportId: source.reportId,
    page: source.page,
    records: entries.filter(isRecord) as Page['records'],
    malformed: entries.filter((e) => !isRecord(e)),
    pastLastPage: false,
  };
}

describe('buildPageIngestor (fake S3)', () => {
  it('accounts for every raw entry: normalized + quarantined = received, and writes the same objects twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { maxLength: 40 }), async (entries) => {
        const s3 = fakeS3();
        // Records carry the instant they were stored (`ingested_at`): one clock, the same bytes.
        const now = () => new Date('2025-04-05T03:00:00Z');
        const ingestor = buildPageIngestor({ s3: s3.client, bucket: 'b', config: parseReconConfig({}), now });
        const result = await ingestor.ingestPage(page(entries), source);
        const normalized = Object.values(result.counts.byCode).reduce((a, b) => a + b, 0);
        const quarantined = Object.values(result.counts.quarantinedByReason).reduce((a, b) => a + b, 0);
        expect(result.counts.received).toBe(entries.length);
        expect(normalized + quarantined).toBe(entries.length);
        expect(result.records).toHaveLength(normalized);
        expect(result.objectsWritten).toBe(s3.objects.size);
        const quarantineFile = [...s3.objects.entries()].find(([key]) => key.startsWith('quarantine/'));
        expect(
          String(quarantineFile?.[1] ?? '')
            .split('\n')
            .filter(Boolean),
        ).toHaveLength(quarantined);

        const before = new Map(s3.objects);
        await ingestor.ingestPage(page(entries), source);
        expect([...s3.objects.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [key, body] of before) {
          if (!key.startsWith('raw/')) expect(s3.objects.get(key), key).toEqual(body);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('puts each record in the partition of its code and movement date', async () => {
    const s3 = fakeS3();
    const ingestor = buildPageIngestor({ s3: s3.client, bucket: 'b', config: parseReconConfig({}) });
    const d1 = (nsu: number, paid: number | null) => ({
      TIPOREGISTRO: 'D1',
      ADQUIRENTE: 'A',
      ESTABELECIMENTO: 'EC',
      NSU: nsu,
      CODAUTORIZACAO: 'X',
      DTVENDA: 20250301,
      NRPARCELA: 1,
      VLLIQUIDO: 1,
      DTVENCIMENTO: 20250410,
      DTPAGAMENTO: paid,
    });
    const result = await ingestor.ingestPage(
      page([d1(1, 20250401), d1(2, 20250401), d1(3, null), { TIPOREGISTRO: 'G1' }]),
      source,
    );
    expect(result.counts.byCode).toEqual({ D1: 3, G1: 1 });
    // Codes and days are columns: one object for the month of April.
    expect([...s3.objects.keys()].filter((k) => k.startsWith('records-by-month/')).sort()).toEqual([
      'records-by-month/kind=financial/movement_month=2025-04/77-p00003.parquet',
    ]);
  });

  it('writes nothing for the empty page past the last one', async () => {
    const s3 = fakeS3();
    const ingestor = buildPageIngestor({ s3: s3.client, bucket: 'b', config: parseReconConfig({}) });
    const result = await ingestor.ingestPage({ ...page([]), pastLastPage: true }, source);
    expect(result).toEqual({
      records: [],
      counts: {
        received: 0,
        byCode: {},
        quarantinedByReason: {},
        drift: { unknownColumns: [], missingFields: [] },
      },
      objectsWritten: 0,
      applied: { refused: [] },
    });
    expect(s3.objects.size).toBe(0);
  });
});
