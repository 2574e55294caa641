import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { DynamoVpConfigurationRepository } from '../../adapters/dynamodb/vp-configuration-repository';
import { SignedIotPublisher } from '../../adapters/iot/signed-publisher';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { logger } from '../../runtime/logger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

const log: DeliveryDeps['log'] = (level, message, fields) => logger[level](message, fields);

/** The vp-configurations group: configurations and their versions, the machines they go to, and command 13's delivery (remote commands, IoT publisher). */
export const deps = groupDeps(access, ({ doc, config }) => ({
  vpConfigurations: new DynamoVpConfigurationRepository(doc, config.tableName),
  pos: new DynamoPosReader(doc, config.tableName),
  remoteCommands: new DynamoRemoteCommandRepository(doc, config.tableName),
  commandSettings: config.commands,
  commandPublisher: new SignedIotPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
  log,
}));

export type VpConfigurationsGroupDeps = ReturnType<typeof deps>;
