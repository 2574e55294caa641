import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoMachineLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoMachineReads } from '../../adapters/dynamodb/machine-reads';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoMerchantSettingsRepository } from '../../adapters/dynamodb/merchant-settings-repository';
import { DynamoPlanogramRepository } from '../../adapters/dynamodb/planogram-repository';
import { DynamoPriceRepository } from '../../adapters/dynamodb/price-repository';
import { DynamoProductCatalogue } from '../../adapters/dynamodb/product-catalogue';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { IotCommandPublisher } from '../../adapters/iot/command-publisher';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../shared/access';
import { groupDeps } from '../../shared/base-deps';
import { logger } from '../../shared/logger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

const log: DeliveryDeps['log'] = (level, message, fields) => logger[level](message, fields);

/**
 * The prices group: machines and their planograms, prices and product names; the send-prices command
 * (repository, delivery settings, IoT publisher); the bulk change's groups and machine lists; the merchant
 * settings the ERP route checks its API token and sync mode against.
 */
export const deps = groupDeps(access, ({ doc, config }) => {
  const products = new DynamoProductCatalogue(doc, config.tableName);
  return {
    pos: new DynamoMachineReads(doc, config.tableName),
    posLists: new DynamoMachineLists(doc, config.tableName),
    prices: new DynamoPriceRepository(doc, config.tableName),
    planograms: new DynamoPlanogramRepository(doc, config.tableName),
    products,
    productNames: products,
    groups: new DynamoGroupRepository(doc, config.tableName),
    merchants: new DynamoMerchantRepository(doc, config.tableName),
    merchantSettings: new DynamoMerchantSettingsRepository(doc, config.tableName),
    remoteCommands: new DynamoRemoteCommandRepository(doc, config.tableName),
    commandSettings: config.commands,
    commandPublisher: new IotCommandPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
    log,
  };
});

export type PricesGroupDeps = ReturnType<typeof deps>;
