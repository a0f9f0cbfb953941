/**
 * `cdk synth` bundles every Lambda with esbuild (lib/constructs/recon-function.ts). esbuild speaks
 * only when a bundle fails: a good bundle adds nothing to the synth's output but CDK's own one line
 * per asset, and a broken one still shows esbuild's error naming the file.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/constructs/recon-function';

/** Synthesizes one ReconFunction with real bundling in a child process, as `cdk synth` runs the app. */
async function bundleOne(entry: string): Promise<{ failed: boolean; stderr: string }> {
  const outdir = await mkdtemp(join(tmpdir(), 'recon-bundle-'));
  const app = [
    `import { App, Stack } from 'aws-cdk-lib';`,
    `import { ReconFunction } from ${JSON.stringify(join(REPO_ROOT, 'lib/constructs/recon-function.ts'))};`,
    `const stack = new Stack(new App({ outdir: ${JSON.stringify(outdir)} }), 'Bundle');`,
    `new ReconFunction(stack, 'Fn', { entry: ${JSON.stringify(entry)}, description: 'd', serviceName: 's' });`,
  ].join('\n');
  const args = ['--import', 'tsx', '--input-type=module', '--eval', app];
  return promisify(execFile)(process.execPath, args, { cwd: REPO_ROOT }).then(
    ({ stderr }) => ({ failed: false, stderr }),
    (error: { stderr: string }) => ({ failed: true, stderr: error.stderr }),
  );
}

describe('esbuild while synthesizing', () => {
  it('prints nothing for a bundle that builds', async () => {
    const { failed, stderr } = await bundleOne('lambdas/plan/handler.ts');
    expect(failed).toBe(false);
    expect(stderr.trim()).toBe('Bundling asset Bundle/Fn/Function/Code/Stage...');
  }, 60_000);

  it('shows its error when a bundle fails', async () => {
    // An entry must lie under the repository root (NodejsFunction's projectRoot): node_modules/.cache
    // is the scratch space that git and the linters ignore.
    await mkdir(join(REPO_ROOT, 'node_modules/.cache'), { recursive: true });
    const dir = await mkdtemp(join(REPO_ROOT, 'node_modules/.cache/recon-broken-'));
    try {
      await writeFile(
        join(dir, 'handler.ts'),
        "import { nothing } from './missing';\nexport const handler = nothing;\n",
      );
      const { failed, stderr } = await bundleOne(relative(REPO_ROOT, join(dir, 'handler.ts')));
      expect(failed).toBe(true);
      expect(stderr).toMatch(/Could not resolve "\.\/missing"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
