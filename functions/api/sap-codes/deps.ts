import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoSapCodeRepository } from '../../adapters/dynamodb/sap-code-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The sap-codes group: merchants' SAP codes and the merchants they belong to. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  sapCodes: new DynamoSapCodeRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
}));

export type SapCodesGroupDeps = ReturnType<typeof deps>;
