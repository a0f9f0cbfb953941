/**
 * The night's manifest of the ERP export (docs/erp-export.md, "The manifest"):
 * `exports/baixas/night=<date>/_manifest.json`, written by the summary once every part of the night
 * is (the segments', the deposits', the write-offs'). It lists each part with its line count and
 * SHA-256, the night's sums per component and per kind, one hash of the whole content, and whether
 * the night had been exported before (a re-run, a backfill): then `reexport` is true, and
 * `sameAsBefore` says whether the lines are the very same (an idempotent re-run) or not (a night
 * behind the cursor to pull again with `--since`). Its name starts with `_`: Athena skips such
 * files, so the table `recon_baixas` never reads it as a line.
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { IsoDate } from '../calendar';
import { BAIXAS_PREFIX, type BaixasStoreDeps, buildBaixasStore, readText } from './store';

export interface BaixasManifest {
  readonly night: IsoDate;
  readonly parts: readonly { readonly key: string; readonly lines: number; readonly sha256: string }[];
  readonly lines: number;
  /** Centavos summed per component (PAYMENT, DEPOSIT, WRITE_OFF...), and per kind (NEW, REVERSAL). */
  readonly sumsByComponent: Readonly<Record<string, number>>;
  readonly sumsByKind: Readonly<Record<string, number>>;
  /** SHA-256 of the parts' keys and hashes, in key order: equal when the night's lines are. */
  readonly contentHash: string;
  /** The night had a manifest already. */
  readonly reexport: boolean;
  /** A re-export whose content is the very same as before (null on the first export). */
  readonly sameAsBefore: boolean | null;
}

export const manifestKey = (night: IsoDate) => `${BAIXAS_PREFIX}night=${night}/_manifest.json`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Adds `cents` under `name`. */
const add = (sums: Record<string, number>, name: string, cents: number) => {
  sums[name] = (sums[name] ?? 0) + cents;
};

/** The manifest of the night's parts as they stand, against the one written before (if any). */
export async function writeBaixasManifest(deps: BaixasStoreDeps, night: IsoDate): Promise<BaixasManifest> {
  const parts: BaixasManifest['parts'][number][] = [];
  const sumsByComponent: Record<string, number> = {};
  const sumsByKind: Record<string, number> = {};
  for (const { key, body } of await buildBaixasStore(deps).partsOf(night)) {
    const rows = body.split('\n').filter((text) => text !== '');
    for (const row of rows.map((text) => JSON.parse(text) as Record<string, unknown>)) {
      add(sumsByComponent, String(row.component), Number(row.amount_cents));
      add(sumsByKind, String(row.kind), Number(row.amount_cents));
    }
    parts.push({ key, lines: rows.length, sha256: sha256(body) });
  }
  const contentHash = sha256(parts.map((part) => `${part.key}\u0000${part.sha256}`).join('\n'));
  const before = await readText(deps, manifestKey(night));
  const manifest: BaixasManifest = {
    night,
    parts,
    lines: parts.reduce((sum, part) => sum + part.lines, 0),
    sumsByComponent,
    sumsByKind,
    contentHash,
    reexport: before !== undefined,
    sameAsBefore:
      before === undefined ? null : (JSON.parse(before) as BaixasManifest).contentHash === contentHash,
  };
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.bucket,
      Key: manifestKey(night),
      Body: `${JSON.stringify(manifest, null, 2)}\n`,
      ContentType: 'application/json',
    }),
  );
  return manifest;
}
