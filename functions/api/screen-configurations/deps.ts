import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { DynamoScreenConfigurationRepository } from '../../adapters/dynamodb/screen-configuration-repository';
import { SignedIotPublisher } from '../../adapters/iot/signed-publisher';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { logger } from '../../runtime/logger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

const log: DeliveryDeps['log'] = (level, message, fields) => logger[level](message, fields);

/** The screen-configurations group: configurations, the merchant's setting that enables them, and command 7's delivery. */
export const deps = groupDeps(access, ({ doc, config }) => ({
  screenConfigurations: new DynamoScreenConfigurationRepository(doc, config.tableName),
  merchants: new DynamoMerchantRepository(doc, config.tableName),
  pos: new DynamoPosReader(doc, config.tableName),
  remoteCommands: new DynamoRemoteCommandRepository(doc, config.tableName),
  commandSettings: config.commands,
  commandPublisher: new SignedIotPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
  log,
}));

export type ScreenConfigurationsGroupDeps = ReturnType<typeof deps>;
