#!/usr/bin/env node
/** CDK entry: `npx cdk synth -c recon='{"environment":"production",...}'` (defaults in cdk.json). */
import { ConfigError } from '../lambdas/core/config-issues';
import { buildReconApp } from '../lib/app';
import { cliBuildsNoAssets, PLACEHOLDER_STACK_NAME, placeholderApp } from '../lib/placeholder-app';

try {
  // No synth at exit for an app whose stage failed to parse: it would overwrite the placeholder's.
  buildReconApp({ appProps: { autoSynth: false }, requireProductionReady: true }).app.synth();
} catch (error) {
  // A stage configuration mistake is a plain sentence per problem (key and source named), not a trace.
  if (!(error instanceof ConfigError)) throw error;
  const placeholder = placeholderApp();
  if (cliBuildsNoAssets(placeholder)) {
    // `cdk bootstrap` (docs/deploy.md step 1) comes before the configuration and needs none of it.
    process.stderr.write(
      `recon: no complete stage configuration yet (docs/deploy.md step 2), so this command sees only ` +
        `an empty stack '${PLACEHOLDER_STACK_NAME}' in the default account and region; synth and deploy ` +
        `will refuse it until these are set:\n${error.problems.map((p) => `  ${p}\n`).join('')}`,
    );
    placeholder.synth();
  } else {
    for (const problem of error.problems) process.stderr.write(`${problem}\n`);
    process.exitCode = 2;
  }
}
