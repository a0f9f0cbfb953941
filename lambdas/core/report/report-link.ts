/**
 * How a reader of the notification opens the full report. Deployed: a presigned HTTPS link (anyone
 * holding it may read that one object until it expires), with the S3 address to make a new one from.
 * Locally: the report's file. When no link could be made, only the S3 address (still no secret).
 */
export type ReportLink =
  | { readonly kind: 'presigned'; readonly url: string; readonly expiresAt: string; readonly uri: string }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'object'; readonly uri: string };

/** Gives the link to the report stored under `key` (the summarizer's html key). */
export type ReportLinker = (key: string) => Promise<ReportLink>;

/** The command that makes a fresh link, for whoever has AWS access, valid `seconds`. */
export function presignCommand(uri: string, seconds: number): string {
  return `aws s3 presign ${uri} --expires-in ${seconds}`;
}
