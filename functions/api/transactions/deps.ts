import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoTransactionRepository } from '../../adapters/dynamodb/transaction-repository';
import type { FunctionAccess } from '../../shared/access';
import { groupDeps } from '../../shared/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The transactions group reads only: transactions and their statistics counters, the merchant's time zone and currency. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  transactions: new DynamoTransactionRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
}));

export type TransactionsGroupDeps = ReturnType<typeof deps>;
