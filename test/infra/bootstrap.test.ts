/**
 * Step 1 of docs/deploy.md and the README, `npx cdk bootstrap`, exactly as written: the shipped
 * cdk.json, no stage configuration yet, and here no AWS credentials. It must get as far as the first
 * AWS call (and fail there for want of credentials), not stop at the stage configuration, which is
 * step 2. The app gives commands that build no asset an empty placeholder stack (lib/placeholder-app.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/constructs/recon-function';

/** This machine's environment without any AWS credential source: no keys, no profile files, no instance role. */
function offlineEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('AWS_')));
  const nowhere = join(tmpdir(), 'recon-no-aws-config');
  return {
    ...env,
    AWS_CONFIG_FILE: nowhere,
    AWS_SHARED_CREDENTIALS_FILE: nowhere,
    AWS_EC2_METADATA_DISABLED: 'true',
    // The guide's own `export AWS_REGION=…`, and the usual offline CDK settings.
    AWS_REGION: 'sa-east-1',
    CDK_DEFAULT_ACCOUNT: '111111111111',
    CDK_DEFAULT_REGION: 'sa-east-1',
    CDK_DISABLE_VERSION_CHECK: '1',
  };
}

describe('npx cdk bootstrap with the shipped cdk.json', () => {
  it('reaches the first AWS call without a stage configuration, and says what it left out', async () => {
    const output = await mkdtemp(join(tmpdir(), 'recon-bootstrap-'));
    const failure = await promisify(execFile)('npx', ['cdk', 'bootstrap', '--output', output], {
      cwd: REPO_ROOT,
      env: offlineEnv(),
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    // The CDK CLI words its progress differently by version and terminal ("Bootstrapping environment
    // aws://…" or only "Environment aws://… failed bootstrapping"); both name the environment it reached.
    const said = `${failure?.stdout ?? ''}${failure?.stderr ?? ''}`;

    expect(failure?.stderr).toMatch(
      /^recon: no complete stage configuration yet.*\n {2}recon\.baseUrl: is required$/m,
    );
    expect(said).toMatch(/Environment aws:\/\/111111111111\/sa-east-1/i);
    expect(said).toMatch(/no credentials have been configured/);
  }, 240_000); // the CDK CLI and the app's synth, beside the rest of the suite on 2 cores
});
