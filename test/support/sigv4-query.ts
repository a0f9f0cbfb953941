/**
 * An independent check of a SigV4 query-signed S3 GET URL (the AWS "Authenticating Requests: Using
 * Query Parameters" recipe, node:crypto only, no SDK code), so a test can tell that S3 would accept a
 * presigned URL even where the local S3 (s3rver) does not check v4 signatures.
 */
import { createHash, createHmac } from 'node:crypto';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature S3 computes for `url` with `secretAccessKey`; compare it with the URL's own. */
export function expectedQuerySignature(url: string, secretAccessKey: string): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams.entries()].filter(([name]) => name !== 'X-Amz-Signature');
  const query = params
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = parsed.searchParams.get('X-Amz-SignedHeaders');
  if (signedHeaders !== 'host') throw new Error(`a browser sends only host; signed: ${signedHeaders}`);
  const payload = parsed.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const canonical = ['GET', parsed.pathname, query, `host:${parsed.host}`, '', 'host', payload].join('\n');
  const date = parsed.searchParams.get('X-Amz-Date') ?? '';
  const [, day, region, service] = (parsed.searchParams.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonical).digest('hex')].join(
    '\n',
  );
  const key = hmac(
    hmac(hmac(hmac(`AWS4${secretAccessKey}`, day ?? ''), region ?? ''), service ?? ''),
    'aws4_request',
  );
  return createHmac('sha256', key).update(toSign).digest('hex');
}
