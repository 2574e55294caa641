import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoPriceContext } from '../../adapters/dynamodb/price-context';
import { DynamoPriceRepository } from '../../adapters/dynamodb/price-repository';
import { DynamoProductCatalogue } from '../../adapters/dynamodb/product-catalogue';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { SignedIotPublisher } from '../../adapters/iot/signed-publisher';
import type { DeliveryDeps } from '../../core/remote-commands/delivery';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { logger } from '../../runtime/logger';

export const access = { table: 'readWrite', publishCommands: true } as const satisfies FunctionAccess;

const log: DeliveryDeps['log'] = (level, message, fields) => logger[level](message, fields);

/**
 * The price-sends group: a machine's saved prices as remote command 12 (command repository, delivery settings,
 * signed-fetch IoT publisher), and the merchant ERP's saves, checked against the merchant's settings (API token, sync mode).
 */
export const deps = groupDeps(access, ({ doc, config }) => {
  const context = new DynamoPriceContext(doc, config.tableName);
  return {
    pos: new DynamoPosReader(doc, config.tableName),
    prices: new DynamoPriceRepository(doc, config.tableName),
    context,
    erpSettings: (merchantId: string) => context.erpSettings(merchantId),
    productNames: new DynamoProductCatalogue(doc, config.tableName),
    remoteCommands: new DynamoRemoteCommandRepository(doc, config.tableName),
    commandSettings: config.commands,
    commandPublisher: new SignedIotPublisher({ region: config.region, endpoint: config.iotDataEndpoint }),
    log,
  };
});

export type PriceSendsGroupDeps = ReturnType<typeof deps>;
