import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiTokenOf } from '../../../cli/api-token';
import type { CliIo } from '../../../cli/io';

const io = (env: Record<string, string> = {}, extra: Partial<CliIo> = {}): CliIo => ({
  stdout: () => {},
  stderr: () => {},
  env,
  stderrIsTTY: false,
  ...extra,
});

async function file(content: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'recon-token-')), 'token');
  await writeFile(path, content);
  return path;
}

describe("the provider's API token", () => {
  it('comes from the file before the environment, without its line ending', async () => {
    expect(await apiTokenOf({ tokenFile: await file('tok-a\r\n') }, io({ RECON_API_TOKEN: 'tok-env' }))).toBe(
      'tok-a',
    );
  });

  it('comes from standard input with --token-stdin', async () => {
    expect(await apiTokenOf({ tokenStdin: true }, io({}, { readStdin: async () => 'tok-b\n' }))).toBe(
      'tok-b',
    );
  });

  it('is asked for on a terminal when nothing else gives it, and missing without a terminal', async () => {
    const asked: string[] = [];
    const promptHidden = async (question: string) => {
      asked.push(question);
      return 'tok-c';
    };
    expect(await apiTokenOf({}, io({}, { promptHidden }))).toBe('tok-c');
    expect(asked).toEqual(["provider's API token (not shown): "]);
    expect(await apiTokenOf({}, io())).toBeUndefined();
  });

  it('is refused from both a file and stdin, from an empty file, and from an unreadable one, quoting nothing', async () => {
    const both = apiTokenOf({ tokenFile: 'x', tokenStdin: true }, io());
    await expect(both).rejects.toThrow(
      'give the API token one way: --token-file or --token-stdin, not both.',
    );
    const empty = await file('\n');
    await expect(apiTokenOf({ tokenFile: empty }, io())).rejects.toThrow(
      `${empty} is empty: expected the provider's API token.`,
    );
    await expect(apiTokenOf({ tokenFile: '/nonexistent/token' }, io())).rejects.toThrow(
      '--token-file /nonexistent/token cannot be read (ENOENT).',
    );
  });
});
