/**
 * `recon run --provider-url` pointed at something that is not the provider: one sentence naming the
 * address and the cause, exit code 1, and a request count the server confirms (nothing retried).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliProcess } from './spawn-cli';
import { tempDataDir } from './support';

const TOKEN = 'e2e-wrong-provider-token';
const PAGE = '<!DOCTYPE html><html><head><title>Page</title></head><body>Hello</body></html>';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Answers every request with `status` and an HTML page; counts what it received. */
async function htmlServer(status: number) {
  const seen: string[] = [];
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api`, seen };
}

async function runAgainst(url: string) {
  const args = ['run', '--env', 'production', '--provider-url', url, '--data-dir', await tempDataDir()];
  return runCliProcess(args, { RECON_EMAIL: 'e2e@example.com', RECON_API_TOKEN: TOKEN });
}

describe('recon run against a URL where something else answers', () => {
  it.each([
    [404, 'HTTP 404 with an HTML page'],
    [200, 'HTTP 200 with an HTML page instead of JSON'],
  ])('HTTP %s with an HTML page: one sentence, the URL, the cause, a true count', async (status, cause) => {
    const provider = await htmlServer(status);
    const { code, stderr } = await runAgainst(provider.url);
    expect(code).toBe(1);
    // Asked once, never again: an answer like this cannot turn into the provider's.
    expect(provider.seen).toEqual(['GET /api/retornos/configuracoes']);
    const errors = stderr.split('\n').filter((line) => line.startsWith('recon:'));
    expect(errors).toEqual([
      `recon: ${provider.url} does not look like the remittance-report API: GET /retornos/configuracoes answered ${cause} (${provider.seen.length} request made). Check --provider-url.`,
    ]);
    expect(stderr).not.toMatch(/\n\s+at |ProviderHttpError|MalformedResponseError/);
    expect(stderr).not.toContain(TOKEN);
  });
});
