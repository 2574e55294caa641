import { firmwareRuleRepository } from '../../adapters/dynamodb/firmware-rule-repository';
import { DynamoFirmwareRepository } from '../../adapters/dynamodb/firmware-repository';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The firmware-rules group: a merchant's rules, the firmwares they name, its groups and machines (targets). */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  groups: new DynamoGroupRepository(doc, tableName),
  pos: new DynamoPosReader(doc, tableName),
  firmwares: new DynamoFirmwareRepository(doc, tableName),
  rules: firmwareRuleRepository(doc, tableName),
}));

export type FirmwareRulesGroupDeps = ReturnType<typeof deps>;
