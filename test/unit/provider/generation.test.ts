import { describe, expect, it } from 'vitest';
import {
  AmbiguousGenerationError,
  InvalidRequestError,
  ProviderTimeoutError,
} from '../../../lambdas/core/provider/errors';
import { normalizedType } from '../../../lambdas/core/provider/reports-api';
import type { Reply, SeenRequest } from './fake-fetch';
import { setup } from './harness';

interface FakeReport {
  id: string;
  situacao: string;
  tipoRemessa: string;
}

/**
 * A provider fake with state: POST /retornos/geracao creates a report, then answers with the scripted
 * outcome (`ok`, or a failure AFTER creating, or a failure BEFORE creating).
 */
function provider(
  outcomes: ('ok' | 'created-then-503' | 'created-then-hang' | 'refused' | 'created-twice-then-503')[],
) {
  const reports: FakeReport[] = [{ id: '9000000000000000001', situacao: 'CONCLUIDO', tipoRemessa: 'Vendas' }];
  let next = 9_000_000_000_000_000_100n;
  const create = (tipoRemessa = 'Vendas') => {
    next += 1n;
    reports.push({ id: String(next), situacao: 'EM_PROCESSAMENTO', tipoRemessa });
    return String(next);
  };
  let posts = 0;
  const handler = (request: SeenRequest): Reply => {
    if (request.method === 'GET' && request.url.pathname.endsWith('/configuracoes')) {
      return {
        body: [
          { id: 35176, nome: 'Vendas' },
          { id: 35177, nome: 'Financeiro' },
        ],
      };
    }
    if (request.method === 'GET')
      return { body: JSON.stringify(reports).replace(/"id":"(\d+)"/g, '"id":$1') };
    const outcome = outcomes[posts++] ?? 'ok';
    if (outcome === 'refused') return 'network';
    const id = create();
    if (outcome === 'ok') return { body: `{"id":${id}}` };
    if (outcome === 'created-then-hang') return 'hang';
    if (outcome === 'created-twice-then-503') create();
    return { status: 503 };
  };
  return { handler, reports, create, posts: () => posts };
}

const REQUEST = {
  configurationId: 35176,
  from: '2025-01-01',
  to: '2025-01-30',
  reportType: 'Vendas',
} as const;

describe('generate without duplicates', () => {
  it('snapshots today’s reports in the business time zone before the first attempt', async () => {
    const fake = provider(['ok']);
    const { client, requests } = setup(fake.handler);
    await client.generate(REQUEST);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.searchParams.get('dataGeracaoInicial')).toBe('10/03/2026');
    expect(requests[0]?.url.searchParams.get('dataGeracaoFinal')).toBe('10/03/2026');
  });

  it('adopts the report an attempt created before failing with 5xx, without posting again', async () => {
    const fake = provider(['created-then-503']);
    const { client, slept } = setup(fake.handler, { creationSettleMs: 1_500 });
    const { reportId } = await client.generate(REQUEST);
    expect(fake.posts()).toBe(1);
    expect(slept).toContain(1_500);
    expect(fake.reports.filter((r) => r.situacao === 'EM_PROCESSAMENTO').map((r) => r.id)).toEqual([
      reportId,
    ]);
  });

  it('adopts after a timeout too', async () => {
    const fake = provider(['created-then-hang']);
    const { client } = setup(fake.handler, { timeoutMs: 20 });
    const { reportId } = await client.generate(REQUEST);
    expect(fake.posts()).toBe(1);
    expect(fake.reports.at(-1)?.id).toBe(reportId);
  });

  it('retries when nothing was created, and ends with exactly one report', async () => {
    const fake = provider(['refused', 'refused', 'ok']);
    const { client } = setup(fake.handler);
    const { reportId } = await client.generate(REQUEST);
    expect(fake.posts()).toBe(3);
    expect(fake.reports.filter((r) => r.situacao === 'EM_PROCESSAMENTO').map((r) => r.id)).toEqual([
      reportId,
    ]);
  });

  it('ignores new reports of another type (another configuration generated meanwhile)', async () => {
    const fake = provider(['refused', 'ok']);
    const { client } = setup((request) => {
      if (request.method === 'POST' && fake.posts() === 0) fake.create('Financeiro');
      return fake.handler(request);
    });
    const { reportId } = await client.generate(REQUEST);
    expect(fake.posts()).toBe(2);
    expect(fake.reports.find((r) => r.id === reportId)?.tipoRemessa).toBe('Vendas');
  });

  it('keeps looking before every later attempt: a request that lands late is still adopted', async () => {
    const fake = provider(['refused']);
    let posts = 0;
    let lists = 0;
    const { client } = setup((request) => {
      if (request.method === 'POST') posts++;
      if (request.method === 'GET' && ++lists === 3) fake.create(); // the first attempt lands late
      if (request.method === 'POST' && posts === 2) return { status: 429 };
      return fake.handler(request);
    });
    const { reportId } = await client.generate(REQUEST);
    expect(posts).toBe(2);
    expect(fake.reports.filter((r) => r.situacao === 'EM_PROCESSAMENTO').map((r) => r.id)).toEqual([
      reportId,
    ]);
  });

  it('looks the type name up with listConfigurations when the request does not carry it', async () => {
    const fake = provider(['created-then-503']);
    const { client, requests } = setup(fake.handler);
    const { reportId } = await client.generate({ ...REQUEST, reportType: undefined });
    expect(fake.reports.at(-1)?.id).toBe(reportId);
    expect(requests.filter((r) => r.url.pathname.endsWith('/configuracoes'))).toHaveLength(1);
  });

  it('fails with AmbiguousGenerationError rather than guessing among several new reports', async () => {
    const fake = provider(['created-twice-then-503']);
    const { client } = setup(fake.handler);
    const error = await client.generate(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousGenerationError);
    expect((error as AmbiguousGenerationError).candidateIds).toEqual(fake.reports.slice(-2).map((r) => r.id));
    expect(fake.posts()).toBe(1);
  });

  it('treats new reports as ambiguous when the type name cannot be resolved', async () => {
    const fake = provider(['created-then-503']);
    const { client } = setup(fake.handler);
    await expect(
      client.generate({ ...REQUEST, configurationId: 1, reportType: undefined }),
    ).rejects.toBeInstanceOf(AmbiguousGenerationError);
  });

  it('does not check or retry after a refusal (4xx): nothing was created', async () => {
    const { client, requests } = setup((request) =>
      request.method === 'GET' ? { body: [] } : { status: 400, body: { mensagem: 'configuracao invalida' } },
    );
    await expect(client.generate(REQUEST)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  it('throws the last unknown-outcome error when attempts run out and nothing was created', async () => {
    const fake = provider(['refused', 'refused']);
    const { client } = setup(fake.handler, { maxAttempts: 2 });
    await expect(client.generate(REQUEST)).rejects.toMatchObject({ name: 'ProviderNetworkError' });
    expect(fake.posts()).toBe(2);
  });

  it('never hands the timeout error type to callers when adoption succeeded', async () => {
    const fake = provider(['created-then-hang']);
    const { client } = setup(fake.handler, { timeoutMs: 5 });
    await expect(client.generate(REQUEST)).resolves.not.toBeInstanceOf(ProviderTimeoutError);
  });
});

describe('report type comparison', () => {
  it('ignores case, accents and spacing of tipoRemessa, and still tells types apart', () => {
    expect(normalizedType('  FINANÇEIRO  ')).toBe(normalizedType('financeiro'));
    expect(normalizedType('Vendas\t a  Receber')).toBe(normalizedType('vendas a receber'));
    expect(normalizedType('Vendas')).not.toBe(normalizedType('Financeiro'));
  });
});
