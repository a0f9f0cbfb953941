/**
 * The rules `npm test` enforces (tools/check-rules.mjs) fail when broken: each case writes a small
 * tree shaped like the repository into a temporary git folder, breaks one rule, and runs the checker
 * there. The clean tree passes, so each failure comes from the one change.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CHECKER = resolve(__dirname, '../../../tools/check-rules.mjs');

/** A clean tree: the core, the stack, the CLI and the runner, importing downwards only. */
const CLEAN: Record<string, string> = {
  'lambdas/core/money.ts': 'export const cents = (reais: number): number => reais * 100;\n',
  'lambdas/core/recon/match.ts': "import { cents } from '../money';\nexport const match = () => cents(1);\n",
  'lambdas/core/totals/sum.ts':
    "import type { Cents } from '../types';\nexport const sum = (c: Cents) => c;\n",
  'lambdas/core/types.ts': 'export type Cents = number;\n',
  'lib/stack.ts': "import { match } from '../lambdas/core/recon/match';\nexport const stack = match;\n",
  'local/runner/run.ts':
    "import { cents } from '../../lambdas/core/money';\nexport const run = () => cents(2);\n",
  'cli/main.ts': "import { run } from '../local/runner/run';\nrun();\n",
  'bin/recon.ts': "import '../cli/main';\n",
};

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the checker on the clean tree with `changes` applied (files added or replaced). */
function check(changes: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'recon-rules-'));
  folders.push(root);
  spawnSync('git', ['init', '-q'], { cwd: root });
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const run = spawnSync(process.execPath, [CHECKER], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};\n`).join('');

describe('the enforced rules', () => {
  it('pass on a tree that keeps them', () => {
    const { status, output } = check();
    expect(output).toContain('no source file over 300 lines');
    expect(status).toBe(0);
  });

  it('fail on a cycle between two files, type-only imports included', () => {
    const { status, output } = check({
      'lambdas/core/recon/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'lambdas/core/recon/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(output).toMatch(/no-file-cycle: lambdas\/core\/recon\/[ab]\.ts/);
    expect(status).toBe(1);
  });

  it('fail on a cycle between two folders with no file cycle', () => {
    const { status, output } = check({
      'lambdas/core/records/parse.ts':
        "import { match } from '../recon/match';\nexport const parse = match;\n",
      'lambdas/core/recon/quarantine.ts':
        "import { parse } from '../records/parse';\nexport const q = parse;\n",
    });
    expect(output).toContain('no-folder-cycle: lambdas/core/re');
    expect(output).not.toContain('no-file-cycle');
    expect(status).toBe(1);
  });

  it('fail on a folder cycle between the reconciliation and its totals: no folder pair is exempt', () => {
    const { status, output } = check({
      'lambdas/core/totals/largest.ts':
        "import { match } from '../recon/match';\nexport const largest = match;\n",
      'lambdas/core/recon/store.ts': "import { sum } from '../totals/sum';\nexport const store = sum;\n",
    });
    expect(output).toMatch(/no-folder-cycle: lambdas\/core\/(recon|totals)/);
    expect(output).not.toContain('no-file-cycle');
    expect(status).toBe(1);
  });

  it.each([
    ['lib/', 'lib/config.ts', "import { x } from '../../lib/config';"],
    ['local/', 'local/runner/lock.ts', "import { x } from '../../local/runner/lock';"],
    ['the CLI', 'cli/errors.ts', "import { x } from '../../cli/errors';"],
    ['bin/', 'bin/env.ts', "import { x } from '../../bin/env';"],
  ])('fail when the core imports %s', (_, target, importLine) => {
    const { status, output } = check({
      [target]: 'export const x = 1;\n',
      'lambdas/core/settings.ts': `${importLine}\nexport const settings = x;\n`,
    });
    expect(output).toContain(`core-stays-core: lambdas/core/settings.ts → ${target}`);
    expect(status).toBe(1);
  });

  it('fail when a write path imports the report or its kit, and pass for a capability’s report section', () => {
    const kit = { 'lambdas/core/report-kit/escape.ts': 'export const html = (s: string) => s;\n' };
    const section = "import { html } from '../report-kit/escape';\nexport const section = html('x');\n";
    expect(check({ ...kit, 'lambdas/core/recon/report-section.ts': section }).status).toBe(0);

    const { status, output } = check({ ...kit, 'lambdas/core/recon/store.ts': section });
    expect(output).toContain(
      'write-path-renders-nothing: lambdas/core/recon/store.ts → lambdas/core/report-kit/escape.ts',
    );
    expect(status).toBe(1);
  });

  it('fail when the report shell calls a capability other than through its sections list', () => {
    const model = {
      'lambdas/core/deposits/model.ts': 'export type Deposit = number;\nexport const zero = 0;\n',
    };
    const value = "import { zero } from '../deposits/model';\nexport const shown = zero;\n";
    expect(check({ ...model, 'lambdas/core/report/sections.ts': value }).status).toBe(0);

    const { status, output } = check({ ...model, 'lambdas/core/report/html.ts': value });
    expect(output).toContain(
      'shell-lists-sections: lambdas/core/report/html.ts → lambdas/core/deposits/model.ts',
    );
    expect(status).toBe(1);
  });

  it('fail when the report shell names a capability’s type, and pass for the book’s figures', () => {
    const models = {
      'lambdas/core/account-items/period-fees.ts': 'export type PeriodFees = number;\n',
      'lambdas/core/book/types.ts': 'export type MoneyTotals = number;\n',
      'lambdas/core/book/report-section.ts': 'export const lifecycleSection = 0;\n',
    };
    const figures = "import type { MoneyTotals } from '../book/types';\nexport type Shown = MoneyTotals;\n";
    expect(check({ ...models, 'lambdas/core/report/html.ts': figures }).status).toBe(0);

    const fees =
      "import type { PeriodFees } from '../account-items/period-fees';\nexport type Shown = PeriodFees;\n";
    const typeImport = check({ ...models, 'lambdas/core/report/types.ts': fees });
    expect(typeImport.output).toContain(
      'shell-lists-sections: lambdas/core/report/types.ts → lambdas/core/account-items/period-fees.ts',
    );
    expect(typeImport.status).toBe(1);

    const section =
      "import { lifecycleSection } from '../book/report-section';\nexport const shown = lifecycleSection;\n";
    const { status, output } = check({ ...models, 'lambdas/core/report/html.ts': section });
    expect(output).toContain(
      'shell-lists-sections: lambdas/core/report/html.ts → lambdas/core/book/report-section.ts',
    );
    expect(status).toBe(1);
  });

  it('fail on a source file over 300 lines, tests included, and pass at 300', () => {
    expect(check({ 'test/unit/long.test.ts': lines(300) }).status).toBe(0);

    const { status, output } = check({ 'test/unit/long.test.ts': lines(301) });
    expect(output).toContain('max-lines: test/unit/long.test.ts has 301 lines');
    expect(status).toBe(1);
  });
});
