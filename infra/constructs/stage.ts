import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** Stage names prefix every physical name, so two branches can deploy side by side in one account. */
export const STAGE_PATTERN = /^[a-z0-9-]{2,20}$/;

export const PROD_STAGE = 'prod';
/** Feature flag the bucket stacks set on themselves (see DataStack, WebStack). */
export const S3_LOGS_USE_BUCKET_POLICY = '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy';
export const DEFAULT_TENANT = 'nebular';

/** Repository root (absolute), for function entries and the built SPA. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export class StageError extends Error {
  override name = 'StageError';
}

/** Validates the `-c stage=<name>` context value and returns it. */
export function parseStage(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw new StageError('Missing stage: pass -c stage=<name> (lowercase letters, digits and dashes, 2-20 characters).');
  }
  if (typeof value !== 'string' || !STAGE_PATTERN.test(value)) {
    throw new StageError(`Invalid stage ${JSON.stringify(value)}: use 2-20 characters of lowercase letters, digits and dashes (e.g. -c stage=feature-42).`);
  }
  return value;
}

/** Stage names a branch never derives: prod is deployed and destroyed only when named (`--stage prod`). */
const RESERVED_STAGES = new Set([PROD_STAGE]);
/** Hex digits of the branch name's hash a shortened or altered stage name ends with. */
const BRANCH_HASH_LENGTH = 6;

/**
 * The stage of a git branch: the branch itself when it already is a valid stage name (`main`, `feature-42`);
 * otherwise its lowercase letters and digits, dashes between, cut to leave room for `-` and a short hash of the
 * whole branch name, so two branches that share a long prefix, or differ only in case or punctuation, get
 * different stages (every physical name starts with `vend-<stage>-`, STAGE_PATTERN's 20 characters keep the
 * longest, bucket names, within 63). A branch named `prod` gets a hashed stage too.
 */
export function stageForBranch(branch: string): string {
  if (STAGE_PATTERN.test(branch) && !branch.startsWith('-') && !branch.endsWith('-') && !RESERVED_STAGES.has(branch)) return branch;
  const hash = createHash('sha256').update(branch).digest('hex').slice(0, BRANCH_HASH_LENGTH);
  const base = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 20 - BRANCH_HASH_LENGTH - 1)
    .replace(/^-+|-+$/g, '');
  return parseStage(`${base || 'branch'}-${hash}`);
}

/** Everything about a stage that the stacks need to name and protect their resources. */
export class StageConfig {
  constructor(readonly name: string) {
    parseStage(name);
  }

  get isProd(): boolean {
    return this.name === PROD_STAGE;
  }

  /** RETAIN for prod's stateful resources, DESTROY elsewhere. */
  get removalPolicy(): RemovalPolicy {
    return this.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
  }

  /** `vend-<stage>-<suffix>`: names of tables, functions, pools, APIs, log groups, ... */
  physicalName(suffix: string): string {
    return `vend-${this.name}-${suffix}`;
  }

  /**
   * Bucket names are global: `vend-<stage>-<purpose>-<account>-<region>` (at most 63 characters with a
   * 20-character stage). Deterministic, so any stack of the stage can build a bucket's ARN without an import.
   */
  bucketName(purpose: string, stack: Stack): string {
    return `${this.physicalName(purpose)}-${stack.account}-${stack.region}`;
  }

  /** Names that only allow [A-Za-z0-9_] (IoT rule names). */
  underscored(suffix: string): string {
    return `vend_${this.name}_${suffix}`.replace(/-/g, '_');
  }
}
