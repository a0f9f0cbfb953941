#!/usr/bin/env node
/**
 * Checks the rules `npm test` enforces (docs/design.md, "Enforced rules") on the tree in the current
 * folder: the import rules of .dependency-cruiser.cjs (no file or folder cycle, the core imports no
 * stack, local stand-in or CLI code) and at most MAX_LINES lines per source file. Exits 1 on any
 * violation, listing each one. Runs in the repository (`npm run rules`) or on a fixture tree (its test).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const MAX_LINES = 300;

/** The folders holding source: what the import rules cruise. */
const SOURCE_FOLDERS = ['bin', 'cli', 'lambdas', 'lib', 'local', 'test', 'bench', 'tools'];
const SOURCE_FILE = /\.(ts|mts|cts|mjs|cjs|js)$/;
const CONFIG = join(dirname(fileURLToPath(import.meta.url)), '..', '.dependency-cruiser.cjs');

async function importViolations() {
  const folders = SOURCE_FOLDERS.filter((folder) => existsSync(folder));
  const options = await extractDepcruiseOptions(CONFIG);
  const result = await cruise(folders, { ...options, validate: true, outputType: 'err' });
  return { failed: result.exitCode !== 0, output: result.output };
}

/** Tracked and new (not ignored) files, so a file counts before it is committed. */
function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => SOURCE_FILE.test(file) && existsSync(file));
}

/** Lines as an editor numbers them: a last line without a newline counts too. */
function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function overLongFiles() {
  return sourceFiles()
    .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) }))
    .filter(({ lines }) => lines > MAX_LINES);
}

const imports = await importViolations();
const overLong = overLongFiles();
if (imports.failed) process.stdout.write(imports.output);
for (const { file, lines } of overLong) {
  console.log(`  error max-lines: ${file} has ${lines} lines (at most ${MAX_LINES}; split the module)`);
}
if (imports.failed || overLong.length > 0) process.exit(1);
console.log(
  `rules: no import cycle, the core imports only the core, the write path renders nothing, the report shell lists its sections, no source file over ${MAX_LINES} lines`,
);
