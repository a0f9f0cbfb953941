/**
 * The synthesized definition kept on disk between processes. A CDK synth costs seconds of CPU (tens
 * under load) and every `recon run`, every test file and every bench world paid it again, for the
 * same definition: it depends only on the stage, the code that builds the stack and the installed
 * packages. So the definition is stored under a hash of all three (the TypeScript of `lib/`,
 * `lambdas/` and this folder, `package-lock.json`, the stage, and the CDK environment variables the
 * app reads) in `node_modules/.cache/recon/definitions/`: any edit to that code, an `npm ci` or
 * another stage synthesizes afresh. It is what CDK synthesized, read back, never a hand-written
 * copy; a write is a temporary file renamed, so concurrent processes never read half of one.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
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

/** The stored definition for `stage`, or `synthesize`'s, then stored for the next process. */
export async function cachedDefinition(
  stage: StageConfigInput,
  synthesize: (stage: StageConfigInput) => Promise<WorkflowDefinition>,
  directory = DIRECTORY,
): Promise<WorkflowDefinition> {
  const file = join(directory, `${await keyOf(stage)}.json`);
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stored !== undefined) return JSON.parse(stored) as WorkflowDefinition;
  const definition = await synthesize(stage);
  await mkdir(directory, { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, JSON.stringify(definition));
  await rename(temporary, file);
  return definition;
}
