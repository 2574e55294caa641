import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoPosConfigRepository } from '../../adapters/dynamodb/pos-config-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The pos-configs group: machines and their configurations. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosReader(doc, tableName),
  posConfigs: new DynamoPosConfigRepository(doc, tableName),
}));

export type PosConfigsGroupDeps = ReturnType<typeof deps>;
