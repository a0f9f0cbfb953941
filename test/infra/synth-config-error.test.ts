/**
 * `cdk synth` with a mistaken stage: the CDK app (bin/app.ts, as `cdk.json` runs it) says what is
 * wrong in one plain sentence naming the key and its source, with no stack trace, and fails. Only
 * the CLI's commands that build no asset (`cdk bootstrap`, `cdk list`...) get an empty placeholder
 * stack instead (lib/placeholder-app.ts; the real `cdk bootstrap` is run in bootstrap.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the app as the CDK CLI does, with `context` (the CLI's own keys included) and an output directory. */
async function runApp(context: Record<string, unknown>) {
  const outdir = await mkdtemp(join(tmpdir(), 'recon-synth-'));
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
    cwd: ROOT,
    env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
  });
  const outcome = await run.then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => error,
  );
  return { ...outcome, outdir };
}

/** The stacks of the cloud assembly the app wrote. */
async function stacksIn(outdir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(outdir, 'manifest.json'), 'utf8'));
  return Object.entries<{ type: string }>(manifest.artifacts)
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
    .map(([name]) => name);
}

const SHIPPED_STAGE = { environment: 'sandbox' };

describe('the CDK app given a mistaken stage', () => {
  it('prints one sentence per problem, names the key and its source, no trace, and fails', async () => {
    const recon = { environment: 'production', baseUrl: 'https://p.example.com', lookbakDays: 3 };
    const failure = await runApp({ recon });
    expect(failure.code).toBe(2);
    expect(failure.stderr.trim()).toBe(
      "recon.lookbakDays: unknown setting in the CDK context 'recon' (cdk.json or -c recon=...)",
    );
  });

  it('refuses the shipped stage (no baseUrl) to a command that bundles: synth, deploy, diff', async () => {
    const shipped = JSON.parse(await readFile(join(ROOT, 'cdk.json'), 'utf8')).context.recon;
    expect(shipped).toEqual(SHIPPED_STAGE);
    const failure = await runApp({ recon: shipped, 'aws:cdk:bundling-stacks': ['**'] });
    expect(failure.code).toBe(2);
    expect(failure.stderr.trim()).toBe('recon.baseUrl: is required');
  });

  it('refuses a production stage without recipients or record roles, naming each setting', async () => {
    const recon = { environment: 'production', baseUrl: 'https://p.example.com' };
    const failure = await runApp({ recon, 'aws:cdk:bundling-stacks': ['**'] });
    expect(failure.code).toBe(2);
    expect(
      failure.stderr
        .trim()
        .split('\n')
        .map((line) => line.split(':')[0]),
    ).toEqual([
      "recon.financeEmails in the CDK context 'recon' (cdk.json or -c recon=...)",
      "recon.operationsEmails in the CDK context 'recon' (cdk.json or -c recon=...)",
      "recon.recon.recordRoles in the CDK context 'recon' (cdk.json or -c recon=...)",
    ]);
  });

  it('gives a command that bundles nothing (bootstrap, list) an empty placeholder stack, with a notice', async () => {
    const placeholder = await runApp({ recon: SHIPPED_STAGE, 'aws:cdk:bundling-stacks': [] });
    expect(placeholder.code).toBe(0);
    expect(placeholder.stderr).toMatch(/^recon: no complete stage configuration yet/);
    expect(placeholder.stderr).toContain('\n  recon.baseUrl: is required\n');
    expect(await stacksIn(placeholder.outdir)).toEqual(['ReconPlaceholder']);
  });
});
