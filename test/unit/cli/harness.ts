import type { CliIo } from '../../../cli/io';
import { runCli } from '../../../cli/program';

/** A CLI io that keeps what the CLI writes (`output()` reads it so far). */
export function capturedIo(env: Record<string, string | undefined>, extra: Partial<CliIo> = {}) {
  const output = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    env,
    stderrIsTTY: false,
    ...extra,
  };
  return { io, output: () => ({ ...output }) };
}

/** Runs the CLI in-process and captures what a user would see. */
export async function cli(argv: readonly string[], env: Record<string, string | undefined> = {}) {
  const { io, output } = capturedIo(env);
  const code = await runCli(argv, io);
  return { code, ...output() };
}

/** The rows a command prints with `--format jsonl`, parsed. */
export async function jsonlRows<T>(argv: readonly string[]): Promise<T[]> {
  const { stdout } = await cli([...argv, '--format', 'jsonl']);
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
