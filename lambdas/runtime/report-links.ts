/**
 * The deployed way to open the report: a presigned GET of report.html, signed with the summarize
 * Lambda's own role (granted s3:GetObject on the reports only, lib/workflow/workflow.ts). Its
 * validity is the stage's `reportLinkHours`, cut to the signing credentials' expiry when the SDK
 * knows it: a URL signed with temporary credentials stops working when their session ends (see
 * docs/report.md, "The morning message"). If no link can be made, the message still names the
 * report's S3 address and the command that makes a link.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import type { ReportLink, ReportLinker } from '../core/report/report-link';
import { presignGetObject } from './presign';

export interface PresignedReportLinkDeps {
  readonly s3: S3Client;
  readonly bucket: string;
  readonly hours: number;
  /** The wall clock: S3 checks the signature's date against its own, never a test's pinned time. */
  readonly now?: () => Date;
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
}

export function presignedReportLinker(deps: PresignedReportLinkDeps): ReportLinker {
  return async (key: string): Promise<ReportLink> => {
    const uri = `s3://${deps.bucket}/${key}`;
    try {
      const signedAt = deps.now?.() ?? new Date();
      const credentials = await deps.s3.config.credentials();
      const wanted = signedAt.getTime() + deps.hours * 3600_000;
      const until = Math.min(wanted, credentials.expiration?.getTime() ?? wanted);
      const seconds = Math.floor((until - signedAt.getTime()) / 1000);
      if (seconds < 60) throw new Error(`the signing credentials expire in ${seconds} s`);
      const url = await presignGetObject(deps.s3, deps.bucket, key, {
        expiresInSeconds: seconds,
        signingDate: signedAt,
      });
      return {
        kind: 'presigned',
        url,
        uri,
        expiresAt: new Date(signedAt.getTime() + seconds * 1000).toISOString(),
      };
    } catch (error) {
      // The reason only (a message, never the error object: nothing of the credentials is printed).
      deps.warn?.('no presigned link to the report', {
        key,
        reason: error instanceof Error ? error.message : String(error),
      });
      return { kind: 'object', uri };
    }
  };
}
