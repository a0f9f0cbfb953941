/**
 * What the CDK app gives the CLI's commands that build no asset (`cdk bootstrap`, `cdk list`,
 * `cdk destroy`...) when the stage configuration does not validate: they need only the stacks' names
 * and environments, never a template, so refusing them would make `cdk bootstrap`, step 1 of
 * docs/deploy.md, depend on settings chosen only in step 2. Every command that builds a template
 * to use (synth, deploy, diff, watch...) bundles, and is refused as before.
 */
import { App, Stack, Validations } from 'aws-cdk-lib';

/** The context key by which the CDK CLI tells the app which stacks to bundle: none for those commands. */
const BUNDLING_STACKS_KEY = 'aws:cdk:bundling-stacks';

export const PLACEHOLDER_STACK_NAME = 'ReconPlaceholder';

/** True when the CDK CLI runs the app for a command that builds no asset (it bundles no stack). */
export function cliBuildsNoAssets(app: App): boolean {
  const stacks: unknown = app.node.tryGetContext(BUNDLING_STACKS_KEY);
  return Array.isArray(stacks) && stacks.length === 0;
}

/**
 * An app with one empty stack in the CLI's default account and region: enough for `cdk bootstrap`
 * to find the environment to prepare. Its name is no stage's (those are `Recon` and
 * `Recon-<stageName>`), so `cdk destroy` without the configuration cannot select a deployed stage.
 */
export function placeholderApp(): App {
  // Synthesized only where it is used: an app left unsynthesized would otherwise be written at exit.
  const app = new App({ autoSynth: false });
  const stack = new Stack(app, PLACEHOLDER_STACK_NAME, {
    description: 'recon placeholder: the stage configuration is incomplete (docs/deploy.md step 2)',
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(stack).acknowledge({
    id: 'CloudFormation-Validate::F0001',
    reason: 'Never deployed: deploy bundles, and a command that bundles gets the real stack or a refusal.',
  });
  return app;
}
