import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { parseStageConfig, STAGE_CONTEXT_KEY, type StageConfig, type StageConfigInput } from './config';
import { requireProductionReady } from './production-readiness';
import { ReconStack } from './recon-stack';

export interface ReconAppOptions {
  /** Stage config; when absent it is read from the `recon` context key. */
  readonly stage?: StageConfigInput;
  /** Skip esbuild bundling (tests, definition extraction). */
  readonly skipBundling?: boolean;
  /** @default true. Off only where the template is read for another purpose (local definition). */
  readonly nag?: boolean;
  readonly appProps?: AppProps;
  /**
   * Refuse a production stage that leaves part of the product off (lib/production-readiness.ts).
   * @default false: tests and local tools build partial stages on purpose; the CDK app asks for it.
   */
  readonly requireProductionReady?: boolean;
}

/** `Recon`, or `Recon-<stageName>` so that two stages can be deployed side by side in one account. */
function stackNameOf(stage: StageConfig): string {
  return stage.stageName ? `Recon-${stage.stageName}` : 'Recon';
}

/**
 * Builds the CDK app: validated stage config, the stack, and cdk-nag AwsSolutions as a validation
 * plugin (cdk-nag 3: a finding fails synthesis; acknowledgements live next to the resource with a
 * reason). Shared by `bin/app.ts`, the infrastructure tests and the local definition extractor.
 */
export function buildReconApp(options: ReconAppOptions = {}): { app: App; stack: ReconStack } {
  const context = {
    ...options.appProps?.context,
    ...(options.skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}),
  };
  const app = new App({ ...options.appProps, context });
  const stage = parseStageConfig(options.stage ?? app.node.tryGetContext(STAGE_CONTEXT_KEY));
  if (options.requireProductionReady) requireProductionReady(stage);
  const stack = new ReconStack(app, stackNameOf(stage), {
    stage,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  if (options.nag !== false) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
