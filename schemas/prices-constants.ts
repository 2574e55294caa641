/**
 * Fixed values of a machine's prices without zod (re-exported by prices.ts), so the core and the triggers that
 * reconcile prices (command acknowledgements, audits) bundle no zod.
 */

/** Remote command 12 'sendPrices' (schemas/remote-command.ts). */
export const PRICES_COMMAND_TYPE = 12;

/** Spec §3 price tables, by number. */
export const PRICE_TABLES = { 1: 'cash1', 2: 'key1', 3: 'key2', 4: 'key3', 5: 'key4', 6: 'cashless1', 7: 'cashless2', 8: 'cash2' } as const;
export type PriceTable = keyof typeof PRICE_TABLES;
export const PRICE_TABLE_NUMBERS = Object.keys(PRICE_TABLES).map(Number) as PriceTable[];

/** Largest price in minor units (1,000,000.00 of a two-decimal currency), as command 12 allows. */
export const MAX_PRICE = 100_000_000;

/** Spec §3 sync: pending until the machine is known to run the saved prices. */
export const PRICE_SYNC_STATES = ['sync', 'pending'] as const;
export type PriceSyncState = (typeof PRICE_SYNC_STATES)[number];

/**
 * Where the current prices come from: set in the console, sent by the merchant's ERP with its API token
 * ("via ERP API"), or read from the machine's audit because they differed from what the cloud knew
 * ("modified in device").
 */
export const PRICE_ORIGINS = ['console', 'erpApi', 'device'] as const;
export type PriceOrigin = (typeof PRICE_ORIGINS)[number];

/** What made a version: a save (console or ERP), a bulk change, a cancel (back to the synced prices), an audit. */
export const PRICE_ACTIONS = ['save', 'bulk', 'cancel', 'device'] as const;
export type PriceAction = (typeof PRICE_ACTIONS)[number];

/** Most machines one bulk change (preview or apply) reaches: each is its own conditional save. */
export const MAX_BULK_MACHINES = 200;

/** Who a sync is attributed to when the machine's own audit set its prices, and an ERP save's author. */
export const DEVICE_AUTHOR = 'device';
export const ERP_AUTHOR = 'ERP API';

/** The header carrying the merchant's API token on the ERP route. */
export const API_TOKEN_HEADER = 'x-api-token';
