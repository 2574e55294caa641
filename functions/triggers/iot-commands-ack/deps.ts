/** The command acknowledgements: the command store, the registry lookup (kept a few seconds), and the prices' sync a send of prices ends with. */
import { registryCache } from '../../adapters/dynamodb/registration-cache';
import type { AckDeps } from '../../core/remote-commands/delivery';
import { applyPricesAcknowledgement } from '../../core/prices/sync';
import { PRICES_COMMAND_TYPE } from '#schemas/prices-constants';
import type { FunctionAccess } from '../../runtime/access';
import { lazy } from '../../runtime/lazy';
import { commandStore } from '../command-deps';
import { priceSyncDeps } from '../price-sync-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export function buildCommandAckDeps(env: NodeJS.ProcessEnv = process.env): AckDeps {
  const { doc, tableName, deps } = commandStore(env);
  const prices = priceSyncDeps(doc, tableName);
  // Kept a few seconds per warm function: a command's acks resolve its machine once (registration-cache.ts).
  const registrations = registryCache(doc, tableName);
  return {
    ...deps,
    merchantOf: async (serial, fresh) => (await (fresh ? registrations.fresh(serial) : registrations.cached(serial)))?.merchantId,
    // The end of a send of prices closes the prices' send (and with IMMEDIATE, a success syncs them).
    beforeCommandEnds: async (command, result) => {
      if (command.type === PRICES_COMMAND_TYPE) await applyPricesAcknowledgement(prices, command, result);
    },
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildCommandAckDeps());
