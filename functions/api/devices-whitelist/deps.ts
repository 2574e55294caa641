import { DynamoDevicesWhitelistRepository } from '../../adapters/dynamodb/devices-whitelist-repository';
import { DynamoMerchantReader } from '../../adapters/dynamodb/merchant-records';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The devices-whitelist group: the devices a merchant allows to enrol, until their expiry. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  whitelist: new DynamoDevicesWhitelistRepository(doc, tableName),
  merchants: new DynamoMerchantReader(doc, tableName),
}));

export type DevicesWhitelistGroupDeps = ReturnType<typeof deps>;
