/**
 * Entry of the `recon` CLI (see README "CLI"). The polyfill comes first: aws-local-stepfunctions,
 * used by `recon run`, needs `Promise.withResolvers`, which Node 20 lacks.
 */
import '../local/polyfills';
import { processIo } from '../local/cli/io';
import { runCli } from '../local/cli/program';

const code = await runCli(process.argv.slice(2), processIo());
// Exit explicitly: a provider or stand-in socket left open must not keep a finished command alive.
process.exit(code);
