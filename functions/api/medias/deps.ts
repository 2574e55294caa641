import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoMediaRepository } from '../../adapters/dynamodb/media-repository';
import { DynamoSapCodeReader } from '../../adapters/dynamodb/sap-code-records';
import { DynamoRefundContext } from '../../adapters/dynamodb/refund-context';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The medias group: media records and their transactions, what a refund reads of its merchant, the registry that scopes a refund's machine, the SAP codes a media can carry. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  medias: new DynamoMediaRepository(doc, tableName),
  refundContext: new DynamoRefundContext(doc, tableName),
  pos: new DynamoPosReader(doc, tableName),
  sapCodes: new DynamoSapCodeReader(doc, tableName),
}));

export type MediaGroupDeps = ReturnType<typeof deps>;
