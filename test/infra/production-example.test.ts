/**
 * The production configuration docs/deploy.md step 2 explains, shipped as config/production.example.json:
 * exactly that file synthesizes under cdk-nag and the readiness check the CDK app runs, and its
 * template passes cfn-lint; a production stage missing what it needs is refused, each setting named
 * with its source.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lambdas/core/config-issues';
import { buildReconApp } from '../../lib/app';
import { parseStageConfig, type StageConfigInput } from '../../lib/config';
import { SIMULATOR_RECORD_ROLES, SIMULATOR_RECORD_SIGN } from '../../local/simulator/universe/roles';
import { ofType, type Resources } from './stack-synth';

const EXAMPLE_PATH = fileURLToPath(new URL('../../config/production.example.json', import.meta.url));
const SOURCE = "in the CDK context 'recon' (cdk.json or -c recon=...)";

async function example(): Promise<StageConfigInput> {
  return JSON.parse(await readFile(EXAMPLE_PATH, 'utf8'));
}

function synthReady(stage: StageConfigInput): Template {
  const { stack } = buildReconApp({ stage, skipBundling: true, requireProductionReady: true });
  return Template.fromStack(stack);
}

/** cfn-lint's exit code is a bit mask: 2 means at least one error (4 warnings, 8 informational). */
async function cfnLintErrors(template: Template): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'recon-lint-')), 'Recon.template.json');
  await writeFile(file, JSON.stringify(template.toJSON()));
  const run = promisify(execFile)('cfn-lint', ['--format', 'parseable', file]);
  const { code, stdout } = await run.then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => error,
  );
  expect(typeof code === 'number' && code < 16, `cfn-lint did not run: ${code}`).toBe(true);
  return code & 2 ? stdout : '';
}

describe('config/production.example.json', () => {
  it('synthesizes as it is, under cdk-nag and the production check, and passes cfn-lint', async () => {
    const template = synthReady(await example());
    const resources = template.toJSON().Resources as Resources;
    const endpoints = ofType(resources, 'AWS::SNS::Subscription').map(([, s]) => s.Properties.Endpoint);
    expect(endpoints.sort()).toEqual([
      'controladoria@empresa.example',
      'financeiro@empresa.example',
      'plataforma@empresa.example',
    ]);
    expect(await cfnLintErrors(template)).toBe('');
  }, 120_000);

  it('gives every record code a role, with the meanings the lifecycle tests run the simulator with', async () => {
    const { recon } = parseStageConfig(await example());
    expect(recon.recordRoles).toEqual({ A1: 'FORECAST', D1: 'PAYMENT', ...SIMULATOR_RECORD_ROLES });
    expect(recon.recordSign).toEqual(SIMULATOR_RECORD_SIGN);
  });
});

describe('a production stage missing what production needs', () => {
  const bare = { environment: 'production', baseUrl: 'https://provider.example' } as const;

  it('is refused at synth, one sentence per setting, naming the setting and its source', () => {
    const refusal = (() => {
      try {
        synthReady(bare);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).problems).toEqual([
      `recon.financeEmails ${SOURCE}: production sends the morning message to no one: list at least one address (docs/deploy.md step 2)`,
      `recon.operationsEmails ${SOURCE}: production sends the alarms to no one: list at least one address (docs/deploy.md step 2)`,
      `recon.recon.recordRoles ${SOURCE}: production gives no role to A2, A3, E1, F1, G1: their cancellations, chargebacks, advances and fees would be stored and never applied; give each code its role from the provider's layout, or IGNORE (docs/deploy.md step 2)`,
    ]);
  });

  it('names only the codes still without a role', async () => {
    const { recon, ...rest } = await example();
    const { G1: _fee, E1: _entries, ...roles } = recon?.recordRoles ?? {};
    expect(() => synthReady({ ...rest, recon: { ...recon, recordRoles: roles } })).toThrow(
      /^recon\.recon\.recordRoles .*: production gives no role to E1, G1: /,
    );
  });

  it('is not asked of a sandbox stage', () => {
    expect(() => synthReady({ environment: 'sandbox', baseUrl: 'https://sandbox.example' })).not.toThrow();
  });
});
