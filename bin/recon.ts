/**
 * Entry of the `recon` CLI (see README "CLI"). The polyfill comes first: aws-local-stepfunctions,
 * used by `recon run`, needs `Promise.withResolvers`, which Node 20 lacks.
 */
import '../local/polyfills';
import { INTERRUPTED_EXIT_CODE } from '../cli/errors';
import { listenForInterrupt } from '../cli/interrupt';
import { endBySignal, exitAfterFlush, processIo } from '../cli/io';
import { runCli } from '../cli/program';

// Ctrl-C from here on is an interrupt the command cleans up after (lock, webhook, stores), never a
// kill mid-write; see docs/cli.md "Ctrl-C".
// The SDK warns on every run that its 2027 releases will need Node 22; it says nothing about this
// run, so the CLI keeps stderr for what does (progress and errors). docs/cli.md "Node versions".
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const interrupt = listenForInterrupt(process, (text) => process.stderr.write(text));
const code = await runCli(process.argv.slice(2), processIo(interrupt));
// Exit explicitly (a provider or stand-in socket left open must not keep a finished command alive),
// but only once stdout and stderr are flushed: a pipe would otherwise lose everything past 64 KB.
// An interrupted command, cleaned up, ends by the signal it got: 130 for Ctrl-C under every launcher.
if (code === INTERRUPTED_EXIT_CODE && interrupt.aborted) await endBySignal(interrupt.reason);
else await exitAfterFlush(code);
