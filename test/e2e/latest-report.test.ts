/**
 * `recon report --latest` through the real path: local runs write `summaries/latest.json` to the
 * local bucket (s3rver) as the deployed summarize step does to S3, and the real `recon` process finds
 * the report of the run that finished last through it. `recon export baixas --bucket` reads a
 * deployed lake bucket the same way (s3rver standing in for S3) and hands the same lines as locally.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_BUCKET } from '../../cli/runner/data-dir';
import { LOCAL_REGION } from '../../local/aws/endpoint';
import { startLocalS3 } from '../../local/aws/s3';
import { runCliProcess } from './spawn-cli';
import { runAgainst, simulatorPerTest, tempDataDir } from './support';

const simulator = simulatorPerTest();

describe('recon report', () => {
  it('--latest finds the run that finished last: its local path, or a presigned link with --bucket; --run any run', async () => {
    const sim = await simulator('sandbox');
    const dataDir = await tempDataDir();
    const first = await runAgainst(sim, { env: 'sandbox', dataDir });
    const second = await runAgainst(sim, { env: 'sandbox', dataDir });
    expect(second.files.html).not.toBe(first.files.html);

    const latest = await runCliProcess(['report', '--latest', '--data-dir', dataDir]);
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.stdout).toBe(`${second.files.html}\n`);
    expect(await readFile(second.files.html, 'utf8')).toContain('<html');

    const earlier = await runCliProcess(['report', '--run', first.summary.runId, '--data-dir', dataDir]);
    expect(earlier.stdout).toBe(`${first.files.html}\n`);

    const exported = await runCliProcess(['export', 'baixas', '--data-dir', dataDir, '--format', 'jsonl']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).not.toBe('');

    // Deployed, the same pointer in the lake bucket gives a presigned link (s3rver standing in for S3).
    const lake = await startLocalS3({ directory: join(dataDir, 'sandbox', 's3'), bucket: LOCAL_BUCKET });
    try {
      const aws = {
        AWS_ENDPOINT_URL_S3: lake.endpoint,
        AWS_REGION: LOCAL_REGION,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      };
      // The ERP lines of the deployed bucket: the very lines and cursor of the local export.
      const deployed = await runCliProcess(
        ['export', 'baixas', '--bucket', lake.bucket, '--format', 'jsonl'],
        aws,
      );
      expect(deployed).toEqual(exported);
      const link = await runCliProcess(['report', '--latest', '--bucket', lake.bucket, '--hours', '2'], aws);
      expect(link.code, link.stderr).toBe(0);
      const url = new URL(link.stdout.trim());
      expect(decodeURIComponent(url.pathname)).toBe(
        `/${lake.bucket}/summaries/run=${second.summary.runId}/report.html`,
      );
      expect(url.searchParams.get('X-Amz-Expires')).toBe('7200');
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      const page = await fetch(url);
      expect(await page.text()).toBe(await readFile(second.files.html, 'utf8'));
    } finally {
      await lake.close();
    }
  }, 180_000);

  it('asks for --latest or --run, and says when the data directory holds no run', async () => {
    const neither = await runCliProcess(['report']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toBe('recon: choose the report: --latest or --run <runId>.\n');
    const none = await runCliProcess(['report', '--latest', '--data-dir', await tempDataDir()]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^recon: no local sandbox data in /);
  });
});
