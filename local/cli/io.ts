/**
 * What a command may touch of the outside world. Commands get it as an argument so tests run the
 * whole CLI in-process and read exactly what a user would see on stdout and stderr.
 */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Progress is drawn in place only on a terminal; pipes and CI logs get plain lines. */
  readonly stderrIsTTY: boolean;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    stderrIsTTY: Boolean(process.stderr.isTTY),
  };
}
