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
