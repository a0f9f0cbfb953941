/**
 * Golden files: raw records of every form (test/golden/records/*.input.json) and the canonical
 * result reviewed by hand (*.expected.json). A change in normalization shows up as a diff here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReconConfig } from '../../../lambdas/core/config';
import type { RecordSource } from '../../../lambdas/core/ingest/records/canonical';
import { buildNormalizer, type NormalizeResult } from '../../../lambdas/core/ingest/records/normalize';

const GOLDEN = join(import.meta.dirname, '../../golden/records');

interface GoldenInput {
  readonly source: RecordSource;
  readonly cases: readonly { readonly name: string; readonly raw: unknown }[];
}

/** What a golden file records: the canonical record without its source, or the quarantine verdict. */
function goldenOutcome(result: NormalizeResult): unknown {
  if (result.ok) {
    const { source: _, ...record } = result.record;
    return record;
  }
  const { reason, detail, recordHash } = result.quarantined;
  return { quarantined: { reason, detail, recordHash } };
}

const inputs = readdirSync(GOLDEN).filter((file) => file.endsWith('.input.json'));

describe('normalization golden files', () => {
  it('has golden files to check', () => {
    expect(inputs.length).toBeGreaterThanOrEqual(3);
  });

  it.each(inputs)('%s normalizes to its expected file', (file) => {
    const input = JSON.parse(readFileSync(join(GOLDEN, file), 'utf8')) as GoldenInput;
    const expected = JSON.parse(readFileSync(join(GOLDEN, file.replace('.input.', '.expected.')), 'utf8'));
    const normalizer = buildNormalizer(parseReconConfig({}));
    const actual = input.cases.map((c) => ({
      name: c.name,
      outcome: goldenOutcome(normalizer.normalize(c.raw, input.source)),
    }));
    expect(actual).toEqual(expected);
  });
});
