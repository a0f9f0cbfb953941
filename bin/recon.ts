/**
 * Entry of the `recon` CLI (see README "CLI"). The polyfill comes first: aws-local-stepfunctions,
 * used by `recon run`, needs `Promise.withResolvers`, which Node 20 lacks.
 */
import '../local/polyfills';
import { processIo } from '../local/cli/io';
import { runCli } from '../local/cli/program';

// The SDK warns on every run that its 2027 releases will need Node 22; it says nothing about this
// run, so the CLI keeps stderr for what does (progress and errors).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const code = await runCli(process.argv.slice(2), processIo());
// Exit explicitly: a provider or stand-in socket left open must not keep a finished command alive.
process.exit(code);
