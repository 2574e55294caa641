import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { acknowledge } from './nag';
import { REPO_ROOT, type StageConfig } from './stage';

/** The Lambda runtime every function uses (the design pins nodejs22.x arm64). */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const FUNCTION_ARCHITECTURE = lambda.Architecture.ARM_64;

/** ESM bundles still meet CommonJS dependencies that call require(): give them one. */
export const ESM_REQUIRE_BANNER = "import { createRequire as __vendCreateRequire } from 'node:module'; const require = __vendCreateRequire(import.meta.url);";

/**
 * NodejsFunction silently falls back to Docker when it cannot find esbuild; synth must stay local and
 * offline, so a missing esbuild is an error instead.
 */
function assertLocalEsbuild(): void {
  try {
    createRequire(import.meta.url).resolve('esbuild');
  } catch {
    throw new Error('esbuild is not installed (dev dependency): bundling would fall back to Docker. Run npm ci.');
  }
}

export interface AppFunctionProps {
  stage: StageConfig;
  /** Physical name suffix: the function is `vend-<stage>-<name>`. */
  name: string;
  /** Entry file, absolute or relative to the repository root; must export `handler`. */
  entry: string;
  environment: Record<string, string>;
  /**
   * Bundle the entry with the local esbuild (default). `false` deploys a placeholder inline handler:
   * only for fast template tests, never for a real deployment.
   */
  bundle?: boolean;
  memorySize?: number;
  timeout?: Duration;
  description?: string;
  /** Folders (relative to the repository root) copied beside the bundle under their own name: files a module reads at run time (the PDF's fonts). */
  assets?: string[];
}

/**
 * One application Lambda with the project's defaults: nodejs22.x on arm64, minified ESM bundle with source
 * maps, X-Ray active tracing, its own log group with a retention, and a role that may only write to that log group
 * and send its traces until the owner grants more (least privilege, no managed policies).
 */
export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const functionName = props.stage.physicalName(props.name);
    const entry = isAbsolute(props.entry) ? props.entry : join(REPO_ROOT, props.entry);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: props.stage.isProd ? logs.RetentionDays.SIX_MONTHS : logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.stage.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${functionName}`,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      functionName,
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      role: this.role,
      logGroup: this.logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      // The function's segment starts the trace (HTTP APIs have no X-Ray tracing of their own); runtime/trace-annotation.ts adds the correlation id.
      tracing: lambda.Tracing.ACTIVE,
    } satisfies Partial<lambda.FunctionProps>;

    if (props.bundle === false) {
      this.fn = new lambda.Function(this, 'Function', {
        ...common,
        handler: 'index.handler',
        code: lambda.Code.fromInline("exports.handler = async () => ({ statusCode: 503, body: 'placeholder: synthesized without bundling' });"),
      });
    } else {
      if (!existsSync(entry)) {
        throw new Error(`Lambda entry ${entry} does not exist (function ${functionName}).`);
      }
      assertLocalEsbuild();
      this.fn = new NodejsFunction(this, 'Function', {
        ...common,
        entry,
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
        bundling: {
          format: OutputFormat.ESM,
          target: 'node22',
          platform: 'node',
          minify: true,
          sourceMap: true,
          sourceMapMode: SourceMapMode.DEFAULT,
          sourcesContent: false,
          mainFields: ['module', 'main'],
          banner: ESM_REQUIRE_BANNER,
          // Bundle the SDK too: the versions pinned in package-lock.json are the ones we test.
          externalModules: [],
          // Never fall back to Docker: the local esbuild is a dev dependency.
          forceDockerBundling: false,
          ...(props.assets?.length
            ? {
                commandHooks: {
                  beforeBundling: () => [],
                  beforeInstall: () => [],
                  afterBundling: (inputDir: string, outputDir: string) => props.assets!.map((a) => `cp -r "${join(inputDir, a)}" "${outputDir}/"`),
                },
              }
            : {}),
        },
      });
    }
    acknowledge(this.role, 'AwsSolutions-IAM5', 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permission.', [
      'Resource::*',
    ]);
    acknowledge(this.fn, 'AwsSolutions-L1', 'The design pins nodejs22.x (arm64) for every function: the version the code, bundles and tests target.');
  }
}
