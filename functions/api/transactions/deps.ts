import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoTransactionRepository } from '../../adapters/dynamodb/transaction-repository';
import type { Merchant } from '#schemas/merchant';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** Statistics read the merchant's time zone and currency; they change rarely: kept a minute per warm function (found ones only). */
const MERCHANT_TTL_MS = 60_000;

function cachedMerchants(repository: DynamoMerchantRepository) {
  const cache = new Map<string, { until: number; merchant: Merchant }>();
  return {
    async get(id: string): Promise<Merchant | undefined> {
      const hit = cache.get(id);
      if (hit && hit.until > Date.now()) return hit.merchant;
      const merchant = await repository.get(id);
      if (merchant) cache.set(id, { until: Date.now() + MERCHANT_TTL_MS, merchant });
      return merchant;
    },
  };
}

/** The transactions group reads only: transactions and their statistics counters, the merchant's time zone and currency. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  transactions: new DynamoTransactionRepository(doc, tableName),
  merchants: cachedMerchants(new DynamoMerchantRepository(doc, tableName)),
}));

export type TransactionsGroupDeps = ReturnType<typeof deps>;
