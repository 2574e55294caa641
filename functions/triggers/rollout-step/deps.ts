/**
 * The rollout workflow's step: the rules and releases of every kind, their machines, the target machines and their
 * reported versions, the remote commands it mints and publishes, the release buckets' machine links.
 */
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoRolloutMachines } from '../../adapters/dynamodb/rollout-machines';
import { reportedVersions, rolloutTargets } from '../../adapters/dynamodb/rollout-targets';
import { IotCommandPublisher } from '../../adapters/iot/command-publisher';
import { releaseFiles } from '../../adapters/s3/release-files';
import type { RolloutRunDeps, RolloutSettings } from '../../core/rollouts/rollout-run';
import { MACHINE_LINK_MAX_SECONDS } from '../../core/rollouts/release-files';
import { bucketName, type FunctionAccess } from '../../runtime/access';
import { bucketSigner } from '../../runtime/bucket-access';
import { iotDataEndpoint, tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { commandStore } from '../command-deps';
import { rolloutKinds } from '../rollout-kinds';

export const access = {
  table: 'readWrite',
  publishCommands: true,
  buckets: { firmware: 'read' },
} as const satisfies FunctionAccess;

const seconds = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const n = Number(env[name] ?? fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Timing (env ROLLOUT_*): a step every 30 s while a wave runs, every 5 minutes while the next wave is held, links of an hour. */
export const rolloutSettings = (env: NodeJS.ProcessEnv = process.env): RolloutSettings => ({
  pollSeconds: seconds(env, 'ROLLOUT_POLL_SECONDS', 30),
  holdSeconds: seconds(env, 'ROLLOUT_HOLD_SECONDS', 300),
  maxWaitSeconds: seconds(env, 'ROLLOUT_MAX_WAIT_SECONDS', 3_600),
  linkSeconds: Math.min(MACHINE_LINK_MAX_SECONDS, seconds(env, 'ROLLOUT_LINK_SECONDS', MACHINE_LINK_MAX_SECONDS)),
});

export function buildRolloutStepDeps(env: NodeJS.ProcessEnv = process.env): RolloutRunDeps {
  const { doc, tableName, deps } = commandStore(env);
  const merchants = new DynamoMerchantRepository(doc, tableName);
  const targets = rolloutTargets(doc, tableName);
  return {
    kinds: rolloutKinds(doc, tableName, (bucket) => {
      const files = lazy(() => releaseFiles(bucketSigner(access, bucket), bucketName(bucket, env)));
      return (key, s) => files().machineLink(key, s);
    }),
    machines: new DynamoRolloutMachines(doc, tableName),
    targets: { machines: (merchantId, target) => targets.machines(merchantId, target) },
    reportedVersions: (merchantId, serials) => reportedVersions(doc, tableName, merchantId, serials),
    timeZoneOf: async (merchantId) => (await merchants.get(merchantId))?.timezone ?? 'UTC',
    remoteCommands: deps.remoteCommands,
    commandPublisher: new IotCommandPublisher({ region: tableConfig(env).region, endpoint: iotDataEndpoint(env) }),
    commandSettings: deps.commandSettings,
    settings: rolloutSettings(env),
    now: deps.now,
    log: deps.log,
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildRolloutStepDeps());
