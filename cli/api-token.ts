/**
 * The provider's API token for the commands that call the real provider (`recon webhooks`), taken
 * from where no shell history keeps it: a file (`--token-file`), standard input (`--token-stdin`) or
 * a prompt that does not echo it (on a terminal). `RECON_API_TOKEN` still works, but typed as
 * `RECON_API_TOKEN=… recon …` it lands in the shell's history (docs/deploy.md step 6).
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CREDENTIAL_ENV } from './credentials';
import { UsageError } from './errors';
import type { CliIo } from './io';

export interface TokenOptions {
  readonly tokenFile?: string;
  readonly tokenStdin?: boolean;
}

export function withTokenOptions(command: Command): Command {
  return command
    .option(
      '--token-file <path>',
      `read the provider's API token from a file (instead of ${CREDENTIAL_ENV.apiToken})`,
    )
    .option('--token-stdin', "read the provider's API token from standard input");
}

/** A file or a pipe ends its one line with a newline that is not part of the token. */
const tokenText = (text: string) => text.replace(/[\r\n]+$/, '');

async function fromFile(path: string): Promise<string> {
  try {
    return tokenText(await readFile(path, 'utf8'));
  } catch (error) {
    // The reason only (ENOENT, EACCES...): never a line of whatever the file holds.
    throw new UsageError(`--token-file ${path} cannot be read (${(error as NodeJS.ErrnoException).code}).`);
  }
}

/**
 * The token from the options, else `RECON_API_TOKEN`, else asked for on a terminal; undefined when
 * none of them has one (stdin is not a terminal and nothing was given).
 */
export async function apiTokenOf(options: TokenOptions, io: CliIo): Promise<string | undefined> {
  if (options.tokenFile !== undefined && options.tokenStdin)
    throw new UsageError('give the API token one way: --token-file or --token-stdin, not both.');
  const given =
    options.tokenFile !== undefined
      ? await fromFile(options.tokenFile)
      : options.tokenStdin
        ? tokenText(await (io.readStdin?.() ?? Promise.resolve('')))
        : io.env[CREDENTIAL_ENV.apiToken] || (await io.promptHidden?.("provider's API token (not shown): "));
  if (given === '') {
    const where = options.tokenFile ?? (options.tokenStdin ? 'standard input' : 'the token');
    throw new UsageError(`${where} is empty: expected the provider's API token.`);
  }
  return given;
}
