/**
 * Composition of remote command delivery: settings and the IoT publisher (shared with the API's deps), and
 * the deps of the delivery triggers (acknowledgements, the sweep), which need no Cognito configuration.
 */
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoPosRepository } from '../adapters/dynamodb/pos-repository';
import { DynamoRemoteCommandRepository } from '../adapters/dynamodb/remote-command-repository';
import { IotCommandPublisher } from '../adapters/iot/command-publisher';
import type { DeliveryDeps } from '../core/remote-commands/delivery';
import { iotDataEndpoint, loadCommandSettings, tableConfig } from './config';
import { logger } from './logger';

export type CommandDeliveryDeps = DeliveryDeps & { merchantOf: (serial: string) => Promise<string | undefined> };

export function buildCommandDeliveryDeps(env: NodeJS.ProcessEnv = process.env): CommandDeliveryDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  const pos = new DynamoPosRepository(doc, tableName);
  return {
    remoteCommands: new DynamoRemoteCommandRepository(doc, tableName),
    commandPublisher: new IotCommandPublisher({ region, endpoint: iotDataEndpoint(env) }),
    commandSettings: loadCommandSettings(env),
    now: () => new Date().toISOString(),
    merchantOf: async (serial) => (await pos.registration(serial))?.merchantId,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

let deps: CommandDeliveryDeps | undefined;

/** Built once per process (module-scope clients, reused across invocations). */
export function getCommandDeliveryDeps(): CommandDeliveryDeps {
  deps ??= buildCommandDeliveryDeps();
  return deps;
}

/** Forget the process's deps (a local stack started again in the same process has new endpoints). */
export function resetCommandDeliveryDeps(): void {
  deps = undefined;
}
