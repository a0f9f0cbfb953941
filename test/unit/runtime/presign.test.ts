import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { presignGetObject } from '../../../lambdas/runtime/presign';
import { presignedReportLinker } from '../../../lambdas/runtime/report-links';
import { expectedQuerySignature } from '../../support/sigv4-query';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const KEY = 'summaries/run=2025-03-10T06%3A30%3A00Z/report.html';

function clientWith(expiration?: Date) {
  return new S3Client({
    region: 'sa-east-1',
    credentials: async () => ({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: SECRET,
      sessionToken: 'session-token-of-the-role',
      ...(expiration ? { expiration } : {}),
    }),
  });
}

describe('presigned report link', () => {
  it('checks signatures the way AWS documents them (its own published example)', () => {
    const example =
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
      '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
      '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
      '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404';
    expect(expectedQuerySignature(example, SECRET)).toBe(
      new URL(example).searchParams.get('X-Amz-Signature'),
    );
  });

  it('signs a GET of the report that S3 accepts, for the time asked, without the secret key', async () => {
    const signingDate = new Date('2025-03-10T09:40:00Z');
    const url = await presignGetObject(clientWith(), 'recon-lake', KEY, {
      expiresInSeconds: 12 * 3600,
      signingDate,
    });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(
      'https://recon-lake.s3.sa-east-1.amazonaws.com/summaries/run%3D2025-03-10T06%253A30%253A00Z/report.html',
    );
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('43200');
    expect(parsed.searchParams.get('X-Amz-Date')).toBe('20250310T094000Z');
    expect(parsed.searchParams.get('X-Amz-Signature')).toBe(expectedQuerySignature(url, SECRET));
    expect(url).not.toContain(SECRET);
    expect(url).not.toContain(encodeURIComponent(SECRET));
  });

  it('lives the stage hours, cut to the signing credentials when they end sooner', async () => {
    const now = new Date('2025-03-10T09:40:00Z');
    const soon = new Date(now.getTime() + 2 * 3600_000);
    const linker = presignedReportLinker({
      s3: clientWith(soon),
      bucket: 'recon-lake',
      hours: 12,
      now: () => now,
    });
    const link = await linker(KEY);
    expect(link).toMatchObject({
      kind: 'presigned',
      expiresAt: soon.toISOString(),
      uri: `s3://recon-lake/${KEY}`,
    });
    expect(link.kind === 'presigned' && new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('7200');
    const long = await presignedReportLinker({
      s3: clientWith(),
      bucket: 'recon-lake',
      hours: 12,
      now: () => now,
    })(KEY);
    expect(long).toMatchObject({ kind: 'presigned', expiresAt: '2025-03-10T21:40:00.000Z' });
  });

  it('falls back to the S3 address, with the reason as a warning, when no link can be made', async () => {
    const now = new Date('2025-03-10T09:40:00Z');
    const warnings: unknown[] = [];
    const linker = presignedReportLinker({
      s3: clientWith(new Date(now.getTime() + 10_000)),
      bucket: 'recon-lake',
      hours: 12,
      now: () => now,
      warn: (message, details) => warnings.push({ message, details }),
    });
    expect(await linker(KEY)).toEqual({ kind: 'object', uri: `s3://recon-lake/${KEY}` });
    expect(warnings).toEqual([
      {
        message: 'no presigned link to the report',
        details: { key: KEY, reason: 'the signing credentials expire in 10 s' },
      },
    ]);
  });
});
