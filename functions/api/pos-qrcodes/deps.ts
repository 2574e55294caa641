import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The pos-qrcodes group reads only: the machine, to check the caller may see it. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosReader(doc, tableName),
}));

export type PosQrcodesGroupDeps = ReturnType<typeof deps>;
