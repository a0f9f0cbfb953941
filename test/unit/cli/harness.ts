import type { CliIo } from '../../../cli/io';
import { runCli } from '../../../cli/program';

/** Runs the CLI in-process and captures what a user would see. */
export async function cli(argv: readonly string[], env: Record<string, string | undefined> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env,
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
