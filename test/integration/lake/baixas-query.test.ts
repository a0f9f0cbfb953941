/**
 * The ERP export's lines as the lake reads them: written by the export's store to s3rver, read with
 * the named query on DuckDB over the Glue table's columns, the night from the partition.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BaixaLine, lineId } from '../../../lambdas/core/baixas/lines';
import { writeBaixasManifest } from '../../../lambdas/core/baixas/manifest';
import { pullLines } from '../../../lambdas/core/baixas/pull';
import { baixasKey, buildBaixasStore } from '../../../lambdas/core/baixas/store';
import { startLocalS3 } from '../../../local/aws/s3';
import { openLocalLake } from '../../../local/lake/duckdb';

function line(night: string, kind: BaixaLine['kind'], amountCents: number): BaixaLine {
  return {
    id: lineId('K1', 'PAYMENT', night, kind),
    night,
    kind,
    component: 'PAYMENT',
    amountCents,
    receivableKey: 'K1',
    depositKey: null,
    bankAccount: null,
    breakId: null,
    breakKind: null,
    matchedWith: null,
    acquirer: '1',
    merchant: '1234',
    saleDate: '2025-03-01',
    nsu: '77',
    authorization: null,
    installment: 1,
    brand: 'VISA',
    dueDate: '2025-04-01',
    paymentDate: '2025-04-01',
    status: 'SETTLED',
    reason: 'EXACT',
  };
}

describe('recon_baixas in the lake', () => {
  it('holds each line once, a manifest per night beside; the named query reads the lines back with their night', async () => {
    const s3 = await startLocalS3({ bucket: 'baixas-lake' });
    const workDir = await mkdtemp(join(tmpdir(), 'recon-baixas-'));
    try {
      const deps = { s3: s3.client, bucket: s3.bucket };
      const store = buildBaixasStore(deps);
      const lines = [
        line('2025-04-01', 'NEW', 9_000),
        line('2025-04-02', 'REVERSAL', -9_000),
        line('2025-04-02', 'NEW', 10_000),
      ];
      await store.write('2025-04-01', 0, lines.slice(0, 1));
      await store.write('2025-04-02', 1, lines.slice(1));
      // A re-run of the night rewrites its part: nothing doubles.
      await store.write('2025-04-02', 1, lines.slice(1));
      // The night's manifest beside its parts: counted, summed, hashed; neither a pull nor the table reads it.
      const first = await writeBaixasManifest(deps, '2025-04-02');
      expect(first).toMatchObject({
        lines: 2,
        sumsByComponent: { PAYMENT: 1_000 },
        sumsByKind: { NEW: 10_000, REVERSAL: -9_000 },
        reexport: false,
        sameAsBefore: null,
      });
      expect(first.parts.map((part) => [part.key, part.lines])).toEqual([[baixasKey('2025-04-02', 1), 2]]);
      // Exported again: marked a re-export, the same content (idempotent); with a part more, not the same.
      expect(await writeBaixasManifest(deps, '2025-04-02')).toEqual({
        ...first,
        reexport: true,
        sameAsBefore: true,
      });
      await store.write('2025-04-02', 'deposits', []);
      const changed = await writeBaixasManifest(deps, '2025-04-02');
      expect(changed).toMatchObject({ lines: 2, reexport: true, sameAsBefore: false });
      expect(changed.contentHash).not.toBe(first.contentHash);
      expect((await pullLines(store, {})).lines).toEqual(lines.map((l) => ({ ...l, reexport: false })));
      const lake = await openLocalLake({ s3: s3.client, bucket: s3.bucket, workDir });
      try {
        const rows = await lake.runNamedQuery('baixas_by_night', { from: '2025-04-01', to: '2025-04-02' });
        expect(
          rows.map((r) => [String(r.night), r.id, r.kind, Number(r.amount_cents), r.authorization]),
        ).toEqual(lines.map((l) => [l.night, l.id, l.kind, l.amountCents, null]));
      } finally {
        lake.close();
      }
    } finally {
      await s3.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
