/**
 * The synthesized definition kept on disk between processes. A CDK synth costs seconds of CPU (tens
 * under load) and every `recon run`, every test file and every bench world paid it again, for the
 * same definition: it depends only on the stage, the code that builds the stack and the installed
 * packages. So the definition is stored under a hash of all three (the TypeScript of `lib/`,
 * `lambdas/` and this folder, `package-lock.json`, the stage, and the CDK environment variables the
 * app reads) in `node_modules/.cache/recon/definitions/`: any edit to that code, an `npm ci` or
 * another stage synthesizes afresh. It is what CDK synthesized, read back, never a hand-written
 * copy; a write is a temporary file renamed, so concurrent processes never read half of one.
 * `RECON_DEFINITION_CACHE=off` synthesizes every time: what the Ctrl-C tests need, as a signal must
 * land during a real synthesis.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StageConfigInput } from '../../lib/config';
import type { WorkflowDefinition } from './definition';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = ['lib', 'lambdas', 'local/stepfunctions'];
const DIRECTORY = join(ROOT, 'node_modules', '.cache', 'recon', 'definitions');

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.(ts|mjs|json)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

let codeHash: Promise<string> | undefined;

/** One hash of the code and packages that shape a definition, computed once per process. */
function hashOfCode(): Promise<string> {
  codeHash ??= (async () => {
    const hash = createHash('sha256');
    const files = (await Promise.all(SOURCES.map((s) => sourceFiles(join(ROOT, s))))).flat();
    for (const file of [...files, join(ROOT, 'package-lock.json')]) {
      hash.update(`${relative(ROOT, file)}\n`);
      hash.update(await readFile(file));
    }
    return hash.digest('hex');
  })();
  return codeHash;
}

async function keyOf(stage: StageConfigInput): Promise<string> {
  const environment = ['CDK_DEFAULT_ACCOUNT', 'CDK_DEFAULT_REGION', 'CDK_CONTEXT_JSON'].map(
    (name) => process.env[name] ?? '',
  );
  return createHash('sha256')
    .update(JSON.stringify([await hashOfCode(), stage, environment]))
    .digest('hex')
    .slice(0, 40);
}

const SWITCH = 'RECON_DEFINITION_CACHE';

/** Whether the environment lets the cache be used: unset, `on` or `off`; anything else is refused. */
export function definitionCacheOn(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[SWITCH];
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${SWITCH} (environment variable) must be "on" or "off", not ${JSON.stringify(value)}`);
}

/** The stored definition for `stage`, or `synthesize`'s, then stored for the next process. */
export async function cachedDefinition(
  stage: StageConfigInput,
  synthesize: (stage: StageConfigInput) => Promise<WorkflowDefinition>,
  directory = DIRECTORY,
  env: NodeJS.ProcessEnv = process.env,
): Promise<WorkflowDefinition> {
  if (!definitionCacheOn(env)) return synthesize(stage);
  const file = join(directory, `${await keyOf(stage)}.json`);
  const stored = await storedDefinition(file);
  if (stored !== undefined) return stored;
  const definition = await synthesize(stage);
  await keep(directory, file, definition);
  return definition;
}

/** What an earlier process kept; anything it cannot read back whole is a miss, synthesized again. */
async function storedDefinition(file: string): Promise<WorkflowDefinition | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as WorkflowDefinition;
  } catch {
    return undefined;
  }
}

/**
 * Stores whole or not at all. A folder this process may not write (an install read-only to it) is
 * no reason to fail a run that has its definition: the next one synthesizes again.
 */
async function keep(directory: string, file: string, definition: WorkflowDefinition): Promise<void> {
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(temporary, JSON.stringify(definition));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}
