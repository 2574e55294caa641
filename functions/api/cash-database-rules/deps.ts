import { cashDatabaseRuleRepository } from '../../adapters/dynamodb/cash-database-rule-repository';
import { DynamoCashDatabaseRepository } from '../../adapters/dynamodb/cash-database-repository';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The cash-database-rules group: a merchant's rules, the cash databases they name, its groups and machines (targets). */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  groups: new DynamoGroupRepository(doc, tableName),
  pos: new DynamoPosReader(doc, tableName),
  cashDatabases: new DynamoCashDatabaseRepository(doc, tableName),
  rules: cashDatabaseRuleRepository(doc, tableName),
}));

export type CashDatabaseRulesGroupDeps = ReturnType<typeof deps>;
