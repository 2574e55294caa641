/** The remote command sweep: the command store and the IoT publisher of `vend/<serial>/commands`. */
import { IotCommandPublisher } from '../../adapters/iot/command-publisher';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../runtime/access';
import { iotDataEndpoint, tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { commandStore } from '../command-deps';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

export function buildCommandSweepDeps(env: NodeJS.ProcessEnv = process.env): DeliveryDeps {
  return { ...commandStore(env).deps, commandPublisher: new IotCommandPublisher({ region: tableConfig(env).region, endpoint: iotDataEndpoint(env) }) };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildCommandSweepDeps());
