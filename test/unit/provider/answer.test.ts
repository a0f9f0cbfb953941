/** What an answer's body is, and what the client does with a body that is not the provider's JSON. */
import { describe, expect, it } from 'vitest';
import { answerKind } from '../../../lambdas/core/provider/answer';
import { MalformedResponseError, ProviderHttpError } from '../../../lambdas/core/provider/errors';
import { setup } from './harness';

const PAGE = '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body></body></html>';

describe('answerKind', () => {
  it.each([
    ['text/html; charset=utf-8', '<p>Not found</p>', 'html'],
    [null, `\n  ${PAGE}`, 'html'],
    ['application/json', PAGE, 'html'],
    ['text/plain', '<html lang="pt-BR">', 'html'],
    ['application/json', '{"mensagem":"x"}', 'json'],
    [null, '[]', 'json'],
    ['application/json', '', 'empty'],
    [null, '  \n', 'empty'],
    ['application/json', '{"id": 1, "pagi', 'other'],
    ['text/plain', 'Not Found', 'other'],
  ] as const)('Content-Type %s with %j is %s', (contentType, text, kind) => {
    expect(answerKind(contentType, text)).toBe(kind);
  });
});

describe('a body that is not the provider JSON', () => {
  it('a 404 HTML page names the page in the error, and is not retried', async () => {
    const { client, requests } = setup(() => ({
      status: 404,
      body: PAGE,
      headers: { 'content-type': 'text/html' },
    }));
    const error = await client.listConfigurations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect((error as ProviderHttpError).message).toBe('listConfigurations: HTTP 404 (an HTML page)');
    expect(requests).toHaveLength(1);
  });

  it('a 200 HTML page is not retried: another server answers, asking again cannot help', async () => {
    const { client, requests, infos } = setup(() => ({
      body: PAGE,
      headers: { 'content-type': 'text/html' },
    }));
    const error = await client.listConfigurations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).toMatchObject({ retryable: false, answer: 'html', status: 200 });
    expect((error as Error).message).toBe(
      `listConfigurations: malformed response: an HTML page instead of JSON (${PAGE.length} characters)`,
    );
    expect(requests).toHaveLength(1);
    expect(infos).toEqual([
      { operation: 'listConfigurations', attempt: 1, status: 200, error: 'MalformedResponseError' },
    ]);
  });

  it('a cut JSON body is still retried (the provider sometimes truncates pages)', async () => {
    const { client, requests } = setup((_, index) =>
      index === 0 ? { body: '[{"id": 35176, "no' } : { body: [{ id: 35176, nome: 'Vendas' }] },
    );
    await expect(client.listConfigurations()).resolves.toEqual([{ id: 35176, nome: 'Vendas' }]);
    expect(requests).toHaveLength(2);
  });
});
