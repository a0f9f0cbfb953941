/**
 * Errors that carry the CLI's exit code (0 ok, 1 run failed, 2 usage error, 3 a decision on a break
 * that changed since read, 4 a decision not allowed, 5 a broken audit chain, 130 interrupted: the
 * shell's code for Ctrl-C, which `bin/recon.ts` turns into a death by the signal). Their messages are
 * shown as they are, so they must be plain words and never contain a secret.
 */
/** What a shell reports for a command ended by Ctrl-C (128 + SIGINT's number 2). */
export const INTERRUPTED_EXIT_CODE = 130;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 3 | 4 | 5 | typeof INTERRUPTED_EXIT_CODE,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The command line asks for something that cannot be done as written. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}

/** The command ran and the work failed (a report ended in ERRO, a deadline passed...). */
export class RunFailedError extends CliError {
  constructor(message: string) {
    super(message, 1);
  }
}
