/** A bare fetch client for simulator tests: real HTTP, the simulator's credentials, raw text kept. */
import { parseJsonPreservingIds } from '../../../lambdas/core/json';
import type { Simulator } from '../../../local/simulator';

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Parsed with ids kept as exact strings; undefined when the body is not JSON. */
  readonly json: unknown;
}

function authHeader(credentials: { email: string; apiToken: string }): string {
  return `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`;
}

export function clientFor(sim: Simulator, credentials = sim.credentials) {
  async function call(method: string, path: string, body?: string): Promise<RawResponse> {
    const res = await fetch(`${sim.url}${path}`, {
      method,
      headers: { authorization: authHeader(credentials), 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? parseJsonPreservingIds(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }
  return {
    call,
    /** Requests a report; dates dd/MM/yyyy. Returns the id as the exact digits of the JSON text. */
    async generate(configId: number, from: string, to: string): Promise<string> {
      const res = await call(
        'POST',
        '/retornos/geracao',
        JSON.stringify({ idMovFinanCfg: configId, dataMovimentacaoInicial: from, dataMovimentacaoFinal: to }),
      );
      if (res.status !== 200) throw new Error(`generate failed: ${res.status} ${res.text}`);
      return /"id":(\d+)/.exec(res.text)?.[1] as string;
    },
    download: (id: string, pagina: number) =>
      call('POST', '/retornos/download', `{"id":${id},"pagina":${pagina}}`),
    status: (id: string) => call('GET', `/retornos?id=${id}`),
  };
}

export type SimClient = ReturnType<typeof clientFor>;

/** Page entries (registro), or undefined past the last page (registro absent or empty). */
export function registros(res: RawResponse): unknown[] | undefined {
  const page = res.json as { registros?: { registro?: unknown[] } };
  const list = page.registros?.registro;
  return list && list.length > 0 ? list : undefined;
}

/** All entries of a report, page by page until the first page past the last. */
export async function downloadAll(client: SimClient, id: string): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let pagina = 1; ; pagina++) {
    const res = await client.download(id, pagina);
    if (res.status !== 200) throw new Error(`download failed: ${res.status} ${res.text}`);
    const list = registros(res);
    if (!list) return all;
    all.push(...list);
  }
}

/** Polls the report until `done` says so (no wall-clock assertion: bounded by the test timeout). */
export async function pollUntil(
  client: SimClient,
  id: string,
  done: (situacao: string) => boolean,
): Promise<unknown> {
  for (;;) {
    const res = await client.status(id);
    const report = res.json as { situacao: string };
    if (done(report.situacao)) return report;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the simulator has logged at least `count` delivery attempts. */
export async function deliveriesAtLeast(sim: Simulator, count: number) {
  while (sim.deliveries().length < count) await new Promise((resolve) => setTimeout(resolve, 10));
  return sim.deliveries();
}
