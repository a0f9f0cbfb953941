/**
 * The night's ERP lines as finance opens them from the morning message: every part of the night in
 * the configured layout's CSV (docs/erp-export.md), marked re-exported when the night's manifest
 * says it was exported before (a re-run, a backfill), so an ERP that keeps the ids can tell.
 */
import type { IsoDate } from '../calendar';
import { renderLines } from './layout';
import { type BaixasManifest, manifestKey } from './manifest';
import type { ErpMapping } from './mapping';
import { type BaixasStoreDeps, buildBaixasStore, readText } from './store';

export async function nightCsv(
  deps: BaixasStoreDeps,
  night: IsoDate,
  mapping: ErpMapping,
): Promise<{ readonly csv: string; readonly lines: number } | undefined> {
  const lines = await buildBaixasStore(deps).linesOf(night);
  if (lines.length === 0) return undefined;
  const manifest = await readText(deps, manifestKey(night));
  const reexport = manifest !== undefined && (JSON.parse(manifest) as BaixasManifest).reexport;
  return {
    csv: renderLines(
      lines.map((line) => ({ ...line, reexport })),
      mapping,
      'csv',
    ),
    lines: lines.length,
  };
}
