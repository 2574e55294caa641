import { firmwareRuleRepository } from '../../adapters/dynamodb/firmware-rule-repository';
import { DynamoFirmwareRepository } from '../../adapters/dynamodb/firmware-repository';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoRolloutMachines } from '../../adapters/dynamodb/rollout-machines';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { workflowStarter } from '../../runtime/workflows';

export const access = { table: 'readWrite', startRollouts: true } as const satisfies FunctionAccess;

/** The firmware-rules group: a merchant's rules, the firmwares they name, its groups and machines (targets), the rollouts it starts. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  groups: new DynamoGroupRepository(doc, tableName),
  pos: new DynamoPosReader(doc, tableName),
  firmwares: new DynamoFirmwareRepository(doc, tableName),
  rules: firmwareRuleRepository(doc, tableName),
  rolloutMachines: new DynamoRolloutMachines(doc, tableName),
  workflows: workflowStarter(process.env, ['rollout']),
}));

export type FirmwareRulesGroupDeps = ReturnType<typeof deps>;
