/**
 * `cdk synth` with a mistaken stage: the CDK app (bin/app.ts, as `cdk.json` runs it) says what is
 * wrong in one plain sentence naming the key and its source, with no stack trace, and fails.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the CDK app given a mistaken stage', () => {
  it('prints one sentence per problem, names the key and its source, no trace, and fails', async () => {
    const context = {
      recon: { environment: 'production', baseUrl: 'https://p.example.com', lookbakDays: 3 },
    };
    const outdir = await mkdtemp(join(tmpdir(), 'recon-synth-'));
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
      cwd: ROOT,
      // How the CDK CLI hands an app its context and output directory.
      env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context), CDK_OUTDIR: outdir },
    });
    const failure = await run.then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr.trim()).toBe(
      "recon.lookbakDays: unknown setting in the CDK context 'recon' (cdk.json or -c recon=...)",
    );
  });
});
