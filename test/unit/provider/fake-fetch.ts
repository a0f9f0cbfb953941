/**
 * A scripted stand-in for `fetch` for unit tests: each request is answered by a handler that returns
 * a status and body, or `'hang'` (never answers; rejects when the caller aborts), `'stall-body'`
 * (headers arrive, the body never ends) or `'network'` (rejects like undici on a refused connection).
 */

export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  /** The raw request body text, as sent. */
  readonly body: string | undefined;
}

export type Reply =
  | { readonly status?: number; readonly body?: unknown; readonly headers?: Record<string, string> }
  | 'hang'
  | 'stall-body'
  | 'network';

export function scriptedFetch(handler: (request: SeenRequest, index: number) => Reply) {
  const requests: SeenRequest[] = [];
  const fakeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(String(input)),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    const reply = handler(request, requests.length - 1);
    if (reply === 'network') throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    if (reply === 'hang') {
      return new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    if (reply === 'stall-body') {
      const stalled = new ReadableStream({
        start(controller) {
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(stalled, { status: 200 });
    }
    const body =
      typeof reply.body === 'string' || reply.body === undefined ? reply.body : JSON.stringify(reply.body);
    return new Response(body ?? null, { status: reply.status ?? 200, headers: reply.headers });
  };
  return { fetch: fakeFetch as typeof fetch, requests };
}

/** Routes by `METHOD path` to canned replies; unknown routes answer 404. */
export function routes(table: Record<string, Reply | ((request: SeenRequest) => Reply)>) {
  return (request: SeenRequest): Reply => {
    const route = table[`${request.method} ${request.url.pathname}`];
    if (route === undefined) return { status: 404, body: { mensagem: 'not found' } };
    return typeof route === 'function' ? route(request) : route;
  };
}
