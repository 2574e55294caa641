/**
 * What `npm run deploy` and `npm run destroy` share: the stage (named with `--stage <name>`, else derived from the
 * current git branch) and the CDK CLI of the project's dev dependencies, run offline-friendly (no telemetry, no notices).
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseStage, REPO_ROOT, stageForBranch } from './constructs/stage';

export interface StageArgs {
  stage: string;
  /** Where the stage came from, for the messages. */
  source: string;
  /** Everything else on the command line, passed on to the CDK CLI. */
  rest: string[];
}

export function currentBranch(cwd = REPO_ROOT): string {
  const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  if (branch === 'HEAD') throw new Error('Not on a branch (detached HEAD): name the stage with --stage <name>.');
  return branch;
}

/** `--stage <name>` (or `--stage=<name>`) anywhere in `argv`, else the current branch's stage. */
export function stageArgs(argv: readonly string[], branch: () => string = currentBranch): StageArgs {
  const rest: string[] = [];
  let named: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--stage') named = argv[++i] ?? '';
    else if (arg.startsWith('--stage=')) named = arg.slice('--stage='.length);
    else rest.push(arg);
  }
  if (named !== undefined) return { stage: parseStage(named), source: '--stage', rest };
  const name = branch();
  return { stage: stageForBranch(name), source: `branch ${name}`, rest };
}

/** Runs a dev dependency's command-line script (`aws-cdk/bin/cdk`) with node in the repository; resolves with its exit code. */
export function runScript(script: string, args: readonly string[]): Promise<number> {
  const path = join(REPO_ROOT, 'node_modules', script);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path, ...args], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The CDK CLI of the dev dependencies (the version DESIGN §7 pins). */
export const runCdk = (args: readonly string[]) => runScript('aws-cdk/bin/cdk', [...args, '--no-notices']);

/** Entry helper: prints a failure's message (not a stack trace) and sets the exit code. */
export async function main(run: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
