/**
 * The synthesized definition kept on disk: a second process asking for the same stage reads what the
 * first synthesized; another stage synthesizes afresh.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedDefinition } from '../../../local/stepfunctions/definition-cache';

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
});
