/**
 * Rendering variance: how an independent provider may write the same records differently from one
 * report to the next. recon must give every rendering one identity, so the simulator varies on
 * purpose (option `variance`). Each report draws, from the seed and its id:
 * - one date format and one amount format for all its records (production);
 * - maybe a per-report line sequence column (`NRLINHA`) and a report id column (`IDREMESSA`), which a
 *   record's identity must ignore;
 * - in financial reports, maybe NSUs zero-padded to 12 digits, as another acquirer layout writes them;
 * - maybe identifiers as JSON numbers instead of strings.
 * Pages vary too: a one-record page sends `registro` as a single object, and now and then a page
 * inside the count is served empty once before the real one.
 */
import type { ReportKind } from '../../../lambdas/core/ingest/records/canonical';
import { rngFor } from '../universe/random';

export interface ReportRendering {
  /** Index into the production date formats. */
  readonly dateStyle: number;
  /** Index into the production amount formats. */
  readonly moneyStyle: number;
  readonly sequenceColumn: boolean;
  /** A column holding the report id, when drawn. */
  readonly reportColumn: string | undefined;
  readonly padNsu: boolean;
  readonly numericIds: boolean;
}

/** Share of pages inside the count served empty once. */
const EMPTY_ONCE_RATE = 0.05;

export function renderingFor(seed: number, reportId: string, kind: ReportKind): ReportRendering {
  const rng = rngFor(seed, 'rendering', reportId);
  return {
    dateStyle: Math.floor(rng() * 4),
    moneyStyle: Math.floor(rng() * 4),
    sequenceColumn: rng() < 0.5,
    reportColumn: rng() < 0.5 ? reportId : undefined,
    padNsu: kind === 'financial' && rng() < 0.5,
    numericIds: rng() < 0.3,
  };
}

/**
 * Serves pages inside the count empty once, at a seeded rate or, `forced` (faults `emptyOncePages`),
 * always; remembers which it already did.
 */
export function buildEmptyPageFault(seed: number) {
  const served = new Set<string>();
  return (reportId: string, page: number, forced = false): boolean => {
    const key = `${reportId}/${page}`;
    if (served.has(key)) return false;
    if (!forced && rngFor(seed, 'empty-once', reportId, page)() >= EMPTY_ONCE_RATE) return false;
    served.add(key);
    return true;
  };
}
