/**
 * Each step's Lambda bundles only what its step uses: every handler is bundled with esbuild as the
 * stack bundles it (lib/constructs/recon-function.ts: ESM, Node 22, minified, the AWS SDK left to the
 * runtime), and the provider client is in the bundle exactly when the step's record says it calls
 * the provider. The sizes are printed, and held under a bound so a dependency that drags a large data
 * set along fails here rather than in a cold start.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { STEP_CATALOG, STEP_NAMES, type StepName } from '../../lambdas/core/workflow/step-catalog';
import { REPO_ROOT } from '../../lib/constructs/recon-function';

const PROVIDER_CLIENT = 'lambdas/core/provider/client.ts';
const SECRET_READER = 'lambdas/runtime/provider-env.ts';
/**
 * Every step is 620–830 KB minified (the page downloads the largest). The full `date-holidays`
 * library, every country's rules and a time-zone database, made the deposit matcher's step 2.2 MB;
 * the matcher reads a generated table of Brazil's bank holidays instead, and this keeps it so.
 */
const MAX_BUNDLE_BYTES = 1_000_000;
/** The bank leg's write path: statements taken in and stored, deposits matched. */
const BANK_WRITE_PATH = [
  'lambdas/core/deposits/bank/import.ts',
  'lambdas/core/deposits/bank/bank-store.ts',
  'lambdas/core/deposits/match.ts',
];
/** Packages only the holiday table's generator may use: none of them has a place in a Lambda. */
const HOLIDAY_LIBRARIES = /node_modules\/(date-holidays|date-holidays-parser|moment-timezone|astronomia)\//;

async function bundle(step: StepName) {
  const result = await build({
    entryPoints: [join(REPO_ROOT, 'lambdas', STEP_CATALOG[step].folder, 'handler.ts')],
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    minify: true,
    mainFields: ['module', 'main'],
    // NodejsFunction's default for Node 22: the runtime's own AWS SDK v3.
    external: ['@aws-sdk/*'],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  return { bytes: output?.contents.byteLength ?? 0, inputs: Object.keys(result.metafile.inputs) };
}

describe('the step Lambdas’ bundles', () => {
  it('hold the provider client and its secret reader only where the step calls the provider, and stay small', async () => {
    const sizes: Record<string, string> = {};
    for (const step of STEP_NAMES) {
      const { bytes, inputs } = await bundle(step);
      sizes[STEP_CATALOG[step].folder] = `${Math.round(bytes / 1024)} KB`;
      const callsProvider: boolean = STEP_CATALOG[step].callsProvider;
      expect(inputs.includes(PROVIDER_CLIENT), step).toBe(callsProvider);
      expect(inputs.includes(SECRET_READER), step).toBe(callsProvider);
      expect(bytes, `${step} bundle bytes`).toBeLessThan(MAX_BUNDLE_BYTES);
      expect(
        inputs.filter((input) => HOLIDAY_LIBRARIES.test(input)),
        step,
      ).toEqual([]);
    }
    console.info('step bundle sizes (minified, AWS SDK external):', sizes);
    // One monolith would make every bundle the same size.
    expect(new Set(Object.values(sizes)).size).toBeGreaterThan(3);
  }, 120_000);

  it('keep the bank leg’s write path out of the summary, and the report out of the deposit match', async () => {
    const summary = await bundle('summarize');
    expect(summary.inputs.filter((input) => BANK_WRITE_PATH.includes(input))).toEqual([]);
    const match = await bundle('matchDeposits');
    expect(match.inputs).toEqual(expect.arrayContaining(BANK_WRITE_PATH));
    expect(match.inputs.filter((input) => input.startsWith('lambdas/core/report/'))).toEqual([]);
  }, 120_000);
});
