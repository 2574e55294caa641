import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { registryCache } from '../../adapters/dynamodb/registration-cache';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { SignedIotPublisher } from '../../adapters/iot/signed-publisher';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { logger } from '../../runtime/logger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

const log: DeliveryDeps['log'] = (level, message, fields) => logger[level](message, fields);

/** The remote-commands group: machines, their commands, delivery settings and a signed-fetch IoT publisher (no IoT data-plane client). */
export const deps = groupDeps(access, ({ doc, config }) => ({
  pos: new DynamoPosReader(doc, config.tableName),
  // The device tab polls a machine's commands while one runs: its machine is resolved once per few seconds.
  registrations: registryCache(doc, config.tableName),
  remoteCommands: new DynamoRemoteCommandRepository(doc, config.tableName),
  commandSettings: config.commands,
  commandPublisher: new SignedIotPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
  log,
}));

export type RemoteCommandsGroupDeps = ReturnType<typeof deps>;
