#!/usr/bin/env node
/** CDK entry: `npx cdk synth -c recon='{"environment":"production",...}'` (defaults in cdk.json). */
import { ConfigError } from '../lambdas/core/config-issues';
import { buildReconApp } from '../lib/app';

try {
  buildReconApp().app.synth();
} catch (error) {
  // A stage configuration mistake is a plain sentence per problem (key and source named), not a trace.
  if (!(error instanceof ConfigError)) throw error;
  for (const problem of error.problems) process.stderr.write(`${problem}\n`);
  process.exitCode = 2;
}
