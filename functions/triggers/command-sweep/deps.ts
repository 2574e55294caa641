/** The remote command sweep: the command store, the IoT publisher of `vend/<serial>/commands` and the merchants' features. */
import { DynamoMerchantFeatures } from '../../adapters/dynamodb/merchant-features';
import { IotCommandPublisher } from '../../adapters/iot/command-publisher';
import type { MerchantFeatures } from '../../core/merchants/feature-gate';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../runtime/access';
import { iotDataEndpoint, tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { commandStore } from '../command-deps';
import type { TriggerFeature } from '../trigger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

/** Its work of a feature: the scheduled configuration sends (core/remote-commands/command-features.ts). */
export const feature: TriggerFeature = {
  flag: 'REMOTE_CONFIGURATIONS',
  work: 'sending scheduled configuration commands (types 7, 13): for a merchant without the flag they end not executed, unsent',
};

export type CommandSweepDeps = DeliveryDeps & { merchants: MerchantFeatures };

export function buildCommandSweepDeps(env: NodeJS.ProcessEnv = process.env): CommandSweepDeps {
  const store = commandStore(env);
  return {
    ...store.deps,
    commandPublisher: new IotCommandPublisher({ region: tableConfig(env).region, endpoint: iotDataEndpoint(env) }),
    merchants: new DynamoMerchantFeatures(store.doc, store.tableName),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildCommandSweepDeps());
