import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledgeWildcards } from './nag';

/** Repository root: entries are given relative to it (`lambdas/plan/handler.ts`). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const METRICS_NAMESPACE = 'Recon';

export interface ReconFunctionProps {
  /** Handler file relative to the repository root. */
  readonly entry: string;
  readonly description: string;
  /** The Powertools service name of its logs, metrics and traces (`recon-<step>`). */
  readonly serviceName: string;
  /**
   * @default 512 MB. Lambda CPU scales with memory; 512 MB gives the JSON parsing, Parquet encoding
   * and concurrent HTTPS of a page batch enough CPU without paying for idle memory (a batch of 10
   * pages x 1000 records is ~10 MB of JSON).
   */
  readonly memorySize?: number;
  /** @default 60 s: every step but the page download is a handful of API calls. */
  readonly timeout?: Duration;
  readonly environment?: Record<string, string>;
  /** @default 1 month */
  readonly logRetention?: logs.RetentionDays;
  /** X-Ray tracing (the stage's `cost.tracing`). @default true */
  readonly tracing?: boolean;
  /** Concurrency kept for this function alone. @default none: it draws on the account's pool */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * The one way recon builds a Lambda: Node 22 on arm64 (cheaper per GB-s, same code), bundled locally
 * by esbuild as ESM (no Docker needed), X-Ray tracing unless the stage turns it off, its own log
 * group with a retention, and its own role with no managed policy: log writing is granted on its
 * log group only, and callers add exactly what the function needs through the `grant*` methods of
 * the resources.
 */
export class ReconFunction extends Construct {
  public readonly function: NodejsFunction;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ReconFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description} (least privilege, no managed policies)`,
    });
    this.logGroup.grantWrite(this.role);
    const tracing = props.tracing ?? true;
    this.function = new NodejsFunction(this, 'Function', {
      entry: `${REPO_ROOT}${props.entry}`,
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(60),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: tracing ? lambda.Tracing.ACTIVE : lambda.Tracing.DISABLED,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // Every recon function's metrics in one namespace, each under its own service name.
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        ...props.environment,
      },
      projectRoot: REPO_ROOT,
      depsLockFilePath: `${REPO_ROOT}package-lock.json`,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // Some dependencies still `require()` Node built-ins; give the ESM bundle a `require`.
        banner: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
        mainFields: ['module', 'main'],
        // esbuild's size table and timing for every Lambda buried the synth's own messages (about
        // 50 lines even with --quiet); it now speaks only when a bundle fails (docs/deploy.md).
        logLevel: LogLevel.ERROR,
      },
    });
    if (tracing)
      acknowledgeWildcards(
        this.role,
        ['Resource::*'],
        'X-Ray tracing actions (xray:PutTraceSegments, xray:PutTelemetryRecords) only accept Resource "*".',
      );
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime recon is built and tested for (middy 6, Powertools 2.35 pins; local runs on ' +
        'Node 20-22). Moving to a newer runtime is a deliberate upgrade with its own test run.',
    });
  }
}
