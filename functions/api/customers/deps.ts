import { DynamoCustomerRepository } from '../../adapters/dynamodb/customer-repository';
import { DynamoCustomerTransactions } from '../../adapters/dynamodb/customer-transactions';
import { DynamoMediaRepository } from '../../adapters/dynamodb/media-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The customers group: the merchant's customers, the media records they hold and those medias' transactions. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  customers: new DynamoCustomerRepository(doc, tableName),
  medias: new DynamoMediaRepository(doc, tableName),
  transactions: new DynamoCustomerTransactions(doc, tableName),
}));

export type CustomersGroupDeps = ReturnType<typeof deps>;
