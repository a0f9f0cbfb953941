/**
 * A presigned S3 GET URL made with the S3 client already in use, without `@aws-sdk/s3-request-presigner`
 * (not a dependency of recon). The client's own middleware stack builds the GetObject request (endpoint,
 * path or virtual-host style, key encoding: the same request a `send` would make); a middleware placed
 * just before the client's signing step hands that request to the client's own SigV4 signer, whose
 * `presign` puts the signature in the query string, and returns instead of sending anything.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/** SigV4 query signatures are valid for at most seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** The parts of a request the signer reads, as the S3 client's middleware hands them over. */
interface HttpRequestParts {
  readonly protocol: string;
  readonly hostname: string;
  readonly port?: number;
  readonly path: string;
  readonly query: Record<string, string | string[] | null>;
  readonly headers: Record<string, string>;
}

interface QuerySigner {
  presign(
    request: HttpRequestParts & { method: string },
    options: { expiresIn: number; signingDate?: Date },
  ): Promise<HttpRequestParts>;
}

/** RFC 3986 escaping, the one SigV4 signs the query with (encodeURIComponent leaves !'()* alone). */
function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function formatUrl(request: HttpRequestParts): string {
  const query = Object.entries(request.query)
    .flatMap(([name, value]) =>
      value === null ? [escapeUri(name)] : [value].flat().map((v) => `${escapeUri(name)}=${escapeUri(v)}`),
    )
    .join('&');
  const port = request.port === undefined ? '' : `:${request.port}`;
  return `${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`;
}

export interface PresignOptions {
  readonly expiresInSeconds: number;
  /** When the signature counts from (tests pin it); default now. */
  readonly signingDate?: Date;
}

/**
 * `GET bucket/key` as a URL anyone holding it may open until it expires, or until the credentials
 * that signed it expire, whichever comes first. Only the `host` header is signed: a browser sends
 * nothing else the signer could have seen (user agent, tracing and retry headers are dropped).
 */
export async function presignGetObject(
  s3: S3Client,
  bucket: string,
  key: string,
  options: PresignOptions,
): Promise<string> {
  if (!(options.expiresInSeconds >= 1 && options.expiresInSeconds <= MAX_PRESIGN_SECONDS)) {
    throw new Error(`a presigned URL lives 1 s to 7 days, not ${options.expiresInSeconds} s`);
  }
  const signer = (await s3.config.signer()) as unknown as QuerySigner;
  const command = new GetObjectCommand({ Bucket: bucket, Key: key });
  const stack = s3.middlewareStack.clone();
  stack.addRelativeTo(
    () =>
      async (args: { request: unknown }): Promise<never> => {
        const built = args.request as HttpRequestParts;
        const host = `${built.hostname}${built.port === undefined ? '' : `:${built.port}`}`;
        const presigned = await signer.presign(
          {
            method: 'GET',
            protocol: built.protocol,
            hostname: built.hostname,
            ...(built.port === undefined ? {} : { port: built.port }),
            path: built.path,
            query: { ...built.query },
            headers: { host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
          },
          {
            expiresIn: options.expiresInSeconds,
            ...(options.signingDate ? { signingDate: options.signingDate } : {}),
          },
        );
        return { output: { $metadata: {}, url: formatUrl(presigned) }, response: {} } as never;
      },
    {
      name: 'reconPresignGetObject',
      relation: 'before',
      toMiddleware: 'httpSigningMiddleware',
      override: true,
    },
  );
  const handler = command.resolveMiddleware(stack as never, s3.config, {});
  const { output } = (await handler({ input: command.input } as never)) as unknown as {
    output: { url: string };
  };
  return output.url;
}
