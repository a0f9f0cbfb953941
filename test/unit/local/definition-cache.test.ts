/**
 * The synthesized definition kept on disk: a second process asking for the same stage reads what the
 * first synthesized; another stage synthesizes afresh.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedDefinition, definitionCacheOn } from '../../../local/stepfunctions/definition-cache';

const SANDBOX = { environment: 'sandbox', baseUrl: 'https://provider.example.com' } as const;
const PRODUCTION = { environment: 'production', baseUrl: 'https://provider.example.com' } as const;
const definition = (comment: string) => ({ Comment: comment, StartAt: 'A', States: {} }) as never;

let directory: string | undefined;
afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('the definition kept between processes', () => {
  it('is synthesized once per stage and read back after', async () => {
    directory = await mkdtemp(join(tmpdir(), 'recon-definitions-'));
    const synthesized: string[] = [];
    const synthesize = (comment: string) => async (stage: { environment: string }) => {
      synthesized.push(stage.environment);
      return definition(comment);
    };
    expect(await cachedDefinition(SANDBOX, synthesize('first'), directory)).toEqual(definition('first'));
    expect(await cachedDefinition(SANDBOX, synthesize('again'), directory)).toEqual(definition('first'));
    expect(await cachedDefinition(PRODUCTION, synthesize('production'), directory)).toEqual(
      definition('production'),
    );
    expect(synthesized).toEqual(['sandbox', 'production']);
    // Written whole under a temporary name, then renamed: no temporary file is left behind.
    expect((await readdir(directory)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('stores nothing when the synthesis fails', async () => {
    directory = await mkdtemp(join(tmpdir(), 'recon-definitions-'));
    const failing = async () => {
      throw new Error('synth failed');
    };
    await expect(cachedDefinition(SANDBOX, failing, directory)).rejects.toThrow('synth failed');
    expect(await readdir(directory)).toEqual([]);
  });

  it('synthesizes every time and stores nothing when RECON_DEFINITION_CACHE is off', async () => {
    directory = await mkdtemp(join(tmpdir(), 'recon-definitions-'));
    let synthesized = 0;
    const synthesize = async () => {
      synthesized += 1;
      return definition(`synth ${synthesized}`);
    };
    const off = { RECON_DEFINITION_CACHE: 'off' };
    expect(await cachedDefinition(SANDBOX, synthesize, directory, off)).toEqual(definition('synth 1'));
    expect(await cachedDefinition(SANDBOX, synthesize, directory, off)).toEqual(definition('synth 2'));
    expect(await readdir(directory)).toEqual([]);
  });

  it('names the variable when its value is neither on nor off', () => {
    expect(definitionCacheOn({})).toBe(true);
    expect(definitionCacheOn({ RECON_DEFINITION_CACHE: 'on' })).toBe(true);
    expect(() => definitionCacheOn({ RECON_DEFINITION_CACHE: 'no' })).toThrow(
      'RECON_DEFINITION_CACHE (environment variable) must be "on" or "off", not "no"',
    );
  });

  it('still answers when the folder cannot be written, and stores nothing', async () => {
    directory = await mkdtemp(join(tmpdir(), 'recon-definitions-'));
    const file = join(directory, 'a-file');
    await writeFile(file, '');
    // A folder under a plain file can never be made: the write fails as on a read-only install.
    const unwritable = join(file, 'definitions');
    const synthesize = async () => definition('synthesized');
    expect(await cachedDefinition(SANDBOX, synthesize, unwritable)).toEqual(definition('synthesized'));
    expect(await readdir(directory)).toEqual(['a-file']);
  });

  it('synthesizes again over a stored file it cannot read back whole', async () => {
    directory = await mkdtemp(join(tmpdir(), 'recon-definitions-'));
    await cachedDefinition(SANDBOX, async () => definition('first'), directory);
    const [stored] = await readdir(directory);
    await writeFile(join(directory, stored ?? ''), '{"Comment": "cut');
    expect(await cachedDefinition(SANDBOX, async () => definition('again'), directory)).toEqual(
      definition('again'),
    );
    expect(await cachedDefinition(SANDBOX, async () => definition('third'), directory)).toEqual(
      definition('again'),
    );
  });
});
