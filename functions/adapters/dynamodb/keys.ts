/**
 * Every key shape of the single table, in one place (see ACCESS-PATTERNS.md). Merchant-scoped items
 * carry the merchant in their partition key.
 * Imported as a namespace (`import * as keys from './keys'`) so that a bundle carries only the builders it uses.
 */
export const merchant = (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'MERCHANT' });
export const merchantByName = (nameKey: string, id: string) => ({ gsi1pk: 'MERCHANTS', gsi1sk: `NAME#${nameKey}#${id}` });
export const merchantsIndexPk = 'MERCHANTS';
/** The merchants' counter (4): `count`, and `country_{code}` / `feature_{flag}` for the platform statistics. */
export const merchantsCounterName = 'MERCHANTS';
export const merchantSettings = (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'SETTINGS' });
export const superAdminSettings = (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'SUPERADMIN_SETTINGS' });
export const merchantNameGuard = (nameKey: string) => ({ pk: `MERCHANTNAME#${nameKey}`, sk: 'GUARD' });
export const user = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
export const usersByEmail = (email: string, id: string) => ({ gsi1pk: 'USERS', gsi1sk: `${email.toLowerCase()}#${id}` });
export const usersIndexPk = 'USERS';
export const userEmailGuard = (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'GUARD' });
/** A copy of the user in each of its merchants, for listing a merchant's users by email. */
export const userMembership = (merchantId: string, email: string, id: string) => ({ pk: `MERCHANT#${merchantId}#USERS`, sk: `${email.toLowerCase()}#${id}` });
export const merchantUsersPk = (merchantId: string) => `MERCHANT#${merchantId}#USERS`;
export const group = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `GROUP#${id}` });
export const groupByName = (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#GROUPS`, gsi1sk: `${nameKey}#${id}` });
export const merchantGroupsPk = (merchantId: string) => `MERCHANT#${merchantId}#GROUPS`;
export const groupNameGuard = (merchantId: string, nameKey: string) => ({ pk: `GROUPNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
export const counter = (name: string) => ({ pk: `COUNTER#${name}`, sk: 'TOTAL' });

// Machines (points of sale). Slow-changing fields and the list indexes live on the POS item; what
// devices report often (ping, signal, temperature, connection, last sale/audit) lives on a TELEMETRY
// item that no index projects, so ingestion never writes a GSI partition. A list page is one Query on
// the POS index plus one BatchGet of the page's TELEMETRY items.
/** Who owns a serial: the only key built from a serial alone (ingestion, joining, super admin lookups). */
export const deviceRegistry = (serial: string) => ({ pk: `DEVICE#${serial}`, sk: 'REGISTRY' });
export const posPk = (merchantId: string, serial: string) => `MERCHANT#${merchantId}#POS#${serial}`;
export const pos = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'POS' });
export const posTelemetry = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'TELEMETRY' });
/** Visible machines of a merchant by name; hidden ones move to the `#HIDDEN` partition of the index. */
export const posByName = (merchantId: string, hidden: boolean, nameKey: string, serial: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#POS${hidden ? '#HIDDEN' : ''}`,
  gsi1sk: `${nameKey}#${serial}`,
});
/** The machines of one group by name: what a group admin lists. */
export const posByGroup = (merchantId: string, groupId: string, nameKey: string, serial: string) => ({
  gsi2pk: `MERCHANT#${merchantId}#GROUP#${groupId}#POS`,
  gsi2sk: `${nameKey}#${serial}`,
});
/** Machine name uniqueness per merchant (guard item in the machine's transactions). */
export const posNameGuard = (merchantId: string, nameKey: string) => ({ pk: `POSNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
/** A note of a machine, in the machine's partition: sk orders by creation date. */
export const posNote = (merchantId: string, serial: string, creationDate: string, id: string) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `NOTE#${creationDate}#${id}`,
});
export const posNotePrefix = 'NOTE#';
/** Counter item names (counter): machines of a merchant, and of one group of it. */
export const posCounterName = (merchantId: string) => `POS#${merchantId}`;
export const posGroupCounterName = (merchantId: string, groupId: string) => `POS#${merchantId}#GROUP#${groupId}`;
/** Which merchant a device-association PIN belongs to (unique across merchants). */
export const pinGuard = (pin: string) => ({ pk: `PIN#${pin}`, sk: 'GUARD' });
export const client = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `CLIENT#${id}` });
export const clientByName = (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#CLIENTS`, gsi1sk: `${nameKey}#${id}` });
export const merchantClientsPk = (merchantId: string) => `MERCHANT#${merchantId}#CLIENTS`;
export const clientNameGuard = (merchantId: string, nameKey: string) => ({ pk: `CLIENTNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
export const noVendProfile = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `NOVENDPROFILE#${id}` });
export const noVendProfileByName = (merchantId: string, nameKey: string, id: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#NOVENDPROFILES`,
  gsi1sk: `${nameKey}#${id}`,
});
export const merchantNoVendProfilesPk = (merchantId: string) => `MERCHANT#${merchantId}#NOVENDPROFILES`;
export const noVendProfileNameGuard = (merchantId: string, nameKey: string) => ({ pk: `NOVENDPROFILENAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
export const product = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `PRODUCT#${id}` });
export const productByName = (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#PRODUCTS`, gsi1sk: `${nameKey}#${id}` });
export const productByCode = (merchantId: string, codeKey: string, id: string) => ({ gsi2pk: `MERCHANT#${merchantId}#PRODUCTS`, gsi2sk: `${codeKey}#${id}` });
export const merchantProductsPk = (merchantId: string) => `MERCHANT#${merchantId}#PRODUCTS`;
export const productNameGuard = (merchantId: string, nameKey: string) => ({ pk: `PRODUCTNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
export const productCodeGuard = (merchantId: string, codeKey: string) => ({ pk: `PRODUCTCODE#${merchantId}#${codeKey}`, sk: 'GUARD' });
export const productsCounterName = (merchantId: string) => `MERCHANT#${merchantId}#PRODUCTS`;
export const planogram = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `PLANOGRAM#${id}` });
export const planogramByName = (merchantId: string, nameKey: string, id: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#PLANOGRAMS`,
  gsi1sk: `${nameKey}#${id}`,
});
export const merchantPlanogramsPk = (merchantId: string) => `MERCHANT#${merchantId}#PLANOGRAMS`;
export const planogramNameGuard = (merchantId: string, nameKey: string) => ({ pk: `PLANOGRAMNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
export const planogramsCounterName = (merchantId: string) => `MERCHANT#${merchantId}#PLANOGRAMS`;
/** The machines of one planogram by name (only on POS items that have one): what a planogram's delete unassigns. */
export const posByPlanogram = (merchantId: string, planogramId: string, nameKey: string, serial: string) => ({
  gsi3pk: planogramPosPk(merchantId, planogramId),
  gsi3sk: `${nameKey}#${serial}`,
});
export const planogramPosPk = (merchantId: string, planogramId: string) => `MERCHANT#${merchantId}#PLANOGRAM#${planogramId}#POS`;
/** A planogram with a line of the product (written by the planograms' transactions; `planogramId`, `description`). */
export const productPlanogramUse = (merchantId: string, productId: string, planogramId: string) => ({
  pk: `MERCHANT#${merchantId}#PRODUCT#${productId}`,
  sk: `PLANOGRAM#${planogramId}`,
});
export const productUsePk = (merchantId: string, productId: string) => `MERCHANT#${merchantId}#PRODUCT#${productId}`;
// Stock (functions/core/stock): one record per machine with stock management, in the machine's partition,
// indexed by fill (`{fill 000–100}#{serial}`) per merchant (gsi1), group (gsi2) and client (gsi3).
export const posStock = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'STOCK' });
export const stockFillKey = (fillPercent: number, serial: string) => `${String(fillPercent).padStart(3, '0')}#${serial}`;
export const merchantStockPk = (merchantId: string) => `MERCHANT#${merchantId}#STOCK`;
export const groupStockPk = (merchantId: string, groupId: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#STOCK`;
export const clientStockPk = (merchantId: string, clientId: string) => `MERCHANT#${merchantId}#CLIENT#${clientId}#STOCK`;
/** Counter item name (counter): the merchant's machines with a stock record (`count`). */
export const stockCounterName = (merchantId: string) => `STOCK#${merchantId}`;
/** The merchant's own extra product fields (one item: the whole list). */
export const productCustomParameters = (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'PRODUCT_CUSTOM_PARAMETERS' });
// Ingestion (functions/core/ingestion): history items in the machine's partition, keyed by the time the
// device reported and the message id, so a redelivered message rewrites the same item.
/** A signal/temperature sample of one telemetry message. */
export const posSensorSample = (merchantId: string, serial: string, at: string, messageId: string) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `SENSOR#${at}#${messageId}`,
});
/** Transaction `n` (0-based, 3 digits) of one sales message. */
export const posSale = (merchantId: string, serial: string, at: string, messageId: string, n: number) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `SALE#${at}#${messageId}#${String(n).padStart(3, '0')}`,
});
// Transactions (functions/core/transactions, ACCESS-PATTERNS T1–T7). A sale item (I3) also sits in month
// partitions of the merchant's index (gsi1) and of its group's (gsi2, the group that sold), and in its media's (gsi3).
// `ref` is `{messageId}#{nnn}` for a machine's sale, `{id}#000` for a transaction made in the cloud.
/** A transaction made in the cloud (refund, web recharge): no machine partition, its media's. */
export const cloudSale = (merchantId: string, mediaId: string, createdAt: string, id: string) => ({
  pk: mediaPk(merchantId, mediaId),
  sk: `SALE#${createdAt}#${id}#000`,
});
export const mediaPk = (merchantId: string, mediaId: string) => `MERCHANT#${merchantId}#MEDIA#${mediaId}`;
/** The sort key every index of a transaction shares: time, machine (`CLOUD` without one), then its ref. */
export const saleIndexSk = (createdAt: string, serial: string | null | undefined, ref: string) => `${createdAt}#${serial ?? 'CLOUD'}#${ref}`;
/** The UTC month (`yyyy-mm`) partition of a transaction made at this instant. */
export const saleMonth = (createdAt: string) => createdAt.slice(0, 7);
export const merchantSalesPk = (merchantId: string, month: string) => `MERCHANT#${merchantId}#SALES#${month}`;
export const groupSalesPk = (merchantId: string, groupId: string, month: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#SALES#${month}`;
/** The index attributes of a transaction: merchant's month, group's month (when sold in a group), media's. */
export const saleIndexes = (
  merchantId: string,
  t: { createdAt: string; serial?: string | null; groupId?: string | null; mediaId?: string | null },
  ref: string,
) => {
  const sk = saleIndexSk(t.createdAt, t.serial, ref);
  const month = saleMonth(t.createdAt);
  return {
    gsi1pk: merchantSalesPk(merchantId, month),
    gsi1sk: sk,
    ...(t.groupId ? { gsi2pk: groupSalesPk(merchantId, t.groupId, month), gsi2sk: sk } : {}),
    ...(t.mediaId ? { gsi3pk: mediaPk(merchantId, t.mediaId), gsi3sk: sk } : {}),
  };
};
/** Transaction statistics of a merchant's (local) day, in a partition per year: 365 days are ≤ 2 Queries. */
export const merchantSalesStatsPk = (merchantId: string, year: string) => `TXSTATS#${merchantId}#${year}`;
export const groupSalesStatsPk = (merchantId: string, groupId: string, year: string) => `TXSTATS#${merchantId}#GROUP#${groupId}#${year}`;
/**
 * A day's (or its hours') counters in one of the day's shards (`#{shard}`, see SALES_STATS_SHARDS): a range of days
 * is `BETWEEN DAY#{from} AND DAY#{to}#~`, which also holds the unsharded `DAY#{day}` items written before the shards.
 */
export const salesStatsDay = (pk: string, day: string, shard?: number) => ({ pk, sk: shard === undefined ? `DAY#${day}` : `DAY#${day}#${shard}` });
export const salesStatsHour = (pk: string, day: string, shard: number) => ({ pk, sk: `HOUR#${day}#${shard}` });
/** The sort key range of days `from`…`to` (every shard of both ends), of a statistics partition. */
export const salesStatsDays = (from: string, to: string, prefix: 'DAY' | 'HOUR' = 'DAY') => ({ from: `${prefix}#${from}`, to: `${prefix}#${to}#~` });
/**
 * The counter attributes of a statistics item: `{category}N` / `{category}V` on day items, `{category}N{hh}` /
 * `{category}V{hh}` (local hour) on hour items, `{category}N{dd}` / `{category}V{dd}` on a machine's month item.
 */
export const salesStatsAttributes = (category: string, suffix = '') => ({ count: `${category}N${suffix}`, value: `${category}V${suffix}` });
/** A machine's transaction statistics of a (local) month: one item per machine, a day's figures per attribute. */
export const machineSalesStatsPk = (merchantId: string, month: string) => `TXSTATS#${merchantId}#POS#${month}`;
export const machineSalesStats = (merchantId: string, month: string, serial: string) => ({ pk: machineSalesStatsPk(merchantId, month), sk: serial });
/**
 * The products report's counters of a (local) month (R1): an item per product, price table, group that sold and shard
 * (the sales statistics' shard), a day's figures per attribute.
 */
export const productSalesStatsPk = (merchantId: string, month: string) => `TXSTATS#${merchantId}#PRODUCTS#${month}`;
export const productSalesStats = (merchantId: string, month: string, productCode: string, priceTable: number, groupId: string | null, shard: number) => ({
  pk: productSalesStatsPk(merchantId, month),
  sk: `${productCode}#${priceTable}#${groupId ?? '-'}#${shard}`,
});
/** A report file a user asked for (R4): its status, progress and object key; removed by TTL a day after. */
export const reportFile = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}#REPORTFILES`, sk: id });
/** The types, media types and source types a merchant's transactions used (number sets). */
export const salesUsed = (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'TXUSED' });
/** Guard of a sales message's statistics: its transactions were counted. */
export const salesStatsGuard = (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'TXSTATS' });
export const posAudit = (merchantId: string, serial: string, at: string, messageId: string) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `AUDIT#${at}#${messageId}`,
});
/** A reported configuration; its history is `CONFIG#0` … `CONFIG#9` (the latest copy sorts after: `CONFIG#LATEST`). */
export const posConfig = (merchantId: string, serial: string, at: string, messageId: string) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `CONFIG#${at}#${messageId}`,
});
export const posConfigLatest = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'CONFIG#LATEST' });
export const historyPrefix = { sensor: 'SENSOR#', sale: 'SALE#', audit: 'AUDIT#', config: 'CONFIG#', alarm: 'ALARM#' };
// Alarms (functions/core/alarms): in the machine's partition by creation time, in the merchant's alarms index
// and, raised on a grouped machine, in its group's (gsi2); at most one open alarm per machine and code, held by
// its guard item.
export const posAlarm = (merchantId: string, serial: string, createdAt: string, messageId: string) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `ALARM#${createdAt}#${messageId}`,
});
export const alarmByMerchant = (merchantId: string, createdAt: string, serial: string, messageId: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#ALARMS`,
  gsi1sk: `${createdAt}#${serial}#${messageId}`,
});
export const merchantAlarmsPk = (merchantId: string) => `MERCHANT#${merchantId}#ALARMS`;
/** The same sort key as the merchant's index, so a group admin's groups merge in creation order. */
export const alarmByGroup = (merchantId: string, groupId: string, createdAt: string, serial: string, messageId: string) => ({
  gsi2pk: groupAlarmsPk(merchantId, groupId),
  gsi2sk: alarmByMerchant(merchantId, createdAt, serial, messageId).gsi1sk,
});
export const groupAlarmsPk = (merchantId: string, groupId: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#ALARMS`;
/** The open alarm of a code on a machine (points at the alarm item); its conditional Put is the "one open alarm" guard. */
export const openAlarm = (merchantId: string, serial: string, code: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `OPENALARM#${code}` });
/** A machine's alarm counts (in its partition, so deleting the machine removes them). */
export const posAlarmStats = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'ALARMSTATS' });
/** Counter item names (counter) of alarm statistics: the merchant's and a group's, all and per day of creation. */
export const alarmCounterName = (merchantId: string, groupId?: string | null, day?: string) =>
  `ALARMS#${merchantId}${groupId ? `#GROUP#${groupId}` : ''}${day ? `#DAY#${day}` : ''}`;
/** The troubleshooting catalogue (not merchant-scoped: the super admin's), by code. */
export const masterAlarm = (code: string) => ({ pk: `MASTERALARM#${code}`, sk: 'MASTERALARM' });
export const masterAlarmByCode = (code: string) => ({ gsi1pk: 'MASTERALARMS', gsi1sk: code });
export const masterAlarmsPk = 'MASTERALARMS';
export const masterAlarmsCounterName = 'MASTERALARMS';
export const alarmSetting = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `ALARMSETTING#${id}` });
export const alarmSettingByName = (merchantId: string, nameKey: string, id: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#ALARMSETTINGS`,
  gsi1sk: `${nameKey}#${id}`,
});
export const merchantAlarmSettingsPk = (merchantId: string) => `MERCHANT#${merchantId}#ALARMSETTINGS`;
export const alarmSettingNameGuard = (merchantId: string, nameKey: string) => ({ pk: `ALARMSETTINGNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
/** The configuration a user wants the machine to run (the API's; `CUSTOM_CONFIG` is outside the `CONFIG#` history). */
export const posCustomConfig = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'CUSTOM_CONFIG' });
// Prices (functions/core/prices): the machine's current prices and each version of them, in its partition.
export const posPrices = (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'PRICES' });
/** Version `n` (10 digits, so sk order = version order) of a machine's prices. */
export const posPriceVersion = (merchantId: string, serial: string, version: number) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `PRICES#V#${String(version).padStart(10, '0')}`,
});
export const posPriceVersionPrefix = 'PRICES#V#';
// Remote commands: in the machine's partition (sk order = creation order: ids start with the time), listed
// per merchant on gsi1 and, sent to a grouped machine, per group on gsi3; on the due index (gsi2) while
// pending, for the delivery sweep.
export const posCommand = (merchantId: string, serial: string, id: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `COMMAND#${id}` });
export const posCommandPrefix = 'COMMAND#';
export const commandByMerchant = (merchantId: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#COMMANDS`, gsi1sk: id });
export const merchantCommandsPk = (merchantId: string) => `MERCHANT#${merchantId}#COMMANDS`;
export const commandByGroup = (merchantId: string, groupId: string, id: string) => ({ gsi3pk: groupCommandsPk(merchantId, groupId), gsi3sk: id });
export const groupCommandsPk = (merchantId: string, groupId: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#COMMANDS`;
export const commandDue = (dueAt: string, merchantId: string, serial: string, id: string) => ({
  gsi2pk: 'COMMANDS#DUE',
  gsi2sk: `${dueAt}#${merchantId}#${serial}#${id}`,
});
export const commandsDuePk = 'COMMANDS#DUE';
/** One pending command of a type per machine: held by that command until it ends. */
export const posCommandLock = (merchantId: string, serial: string, type: number) => ({
  pk: `MERCHANT#${merchantId}#POS#${serial}`,
  sk: `COMMAND_LOCK#${type}`,
});
/** A send's Idempotency-Key, per user. */
export const commandIdempotency = (userId: string, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: 'REMOTE_COMMAND_SEND' });
/** Counter item names: a machine's commands (`count`, `pending`), a merchant's (`count`). */
export const posCommandsCounterName = (merchantId: string, serial: string) => `POS#${merchantId}#${serial}#COMMANDS`;
export const merchantCommandsCounterName = (merchantId: string) => `COMMANDS#${merchantId}`;
/** A device message kept aside (invalid or from an unknown serial), per UTC day of receipt. */
export const invalidMessage = (day: string, receivedAt: string, hash: string) => ({ pk: `INVALID#${day}`, sk: `${receivedAt}#${hash}` });
export const invalidMessagesCounterName = 'INVALID_MESSAGES';
/**
 * Online-machines index for the connection sweep: an entry per online machine and ping-time bucket
 * (written when a machine enters a new bucket), sharded so a busy minute spreads over partitions.
 */
export const onlineEntry = (bucket: string, shard: number, merchantId: string, serial: string) => ({
  pk: `ONLINE#${bucket}#${shard}`,
  sk: `${merchantId}#${serial}`,
});
export const onlinePk = (bucket: string, shard: number) => `ONLINE#${bucket}#${shard}`;
export const connectionSweepState = { pk: 'SWEEP#CONNECTION', sk: 'STATE' };
/**
 * A deleted machine whose partition is still being removed (machine-purges.ts): written in the delete
 * transaction, removed once the partition is empty; while it exists the serial cannot join that merchant again.
 */
export const machinePurge = (merchantId: string, serial: string) => ({ pk: 'PURGE#MACHINES', sk: `${merchantId}#${serial}` });
export const machinePurgesPk = 'PURGE#MACHINES';
/** The local stack's back-filled demo week (infra/local/demo-history.ts): its anchor instant and whether it completed. */
export const demoHistory = { pk: 'DEMO#HISTORY', sk: 'SEED' };
/**
 * A machine moved to another group whose alarms and commands are still being re-indexed (machine-regroups.ts):
 * written in the move transaction, removed once every item carries the machine's group; group lists read the
 * merchant's marks to filter by the machines' current groups meanwhile.
 */
export const machineRegroup = (merchantId: string, serial: string) => ({ pk: 'REGROUP#MACHINES', sk: `${merchantId}#${serial}` });
export const machineRegroupsPk = 'REGROUP#MACHINES';
// Historical data requests (functions/core/historical-data): a merchant's requests in one partition by id (time-ordered:
// sk order = creation order), its count of active ones on a counter item; subscriptions in another partition, on the
// due index (gsi2) by their next run for the sweep.
export const dataRequest = (merchantId: string, id: string) => ({ pk: merchantDataRequestsPk(merchantId), sk: id });
export const merchantDataRequestsPk = (merchantId: string) => `MERCHANT#${merchantId}#DATAREQUESTS`;
/** Counter item name (counter) of a merchant's requests: `active` = those in status Created. */
export const dataRequestsCounterName = (merchantId: string) => `DATAREQUESTS#${merchantId}`;
export const dataSubscription = (merchantId: string, id: string) => ({ pk: merchantDataSubscriptionsPk(merchantId), sk: id });
export const merchantDataSubscriptionsPk = (merchantId: string) => `MERCHANT#${merchantId}#DATASUBSCRIPTIONS`;
export const dataSubscriptionDue = (nextRunAt: string, merchantId: string, id: string) => ({
  gsi2pk: dataSubscriptionsDuePk,
  gsi2sk: `${nextRunAt}#${merchantId}#${id}`,
});
export const dataSubscriptionsDuePk = 'DATASUBSCRIPTIONS#DUE';
/** Counter item name of a merchant's subscriptions (`count`). */
export const dataSubscriptionsCounterName = (merchantId: string) => `DATASUBSCRIPTIONS#${merchantId}`;
// Alarm notifications (functions/core/notifications, ACCESS-PATTERNS N1–N6). The alarm transaction puts an outbox
// item (its stream record is the sender's queue); while unsent it is on the pending index (gsi3), which the local
// stack's stream stand-in reads. The log is one partition per merchant by event time.
export const notificationOutbox = (merchantId: string, serial: string, kind: string, alarmSk: string) => ({
  pk: `NOTIFYOUTBOX#${merchantId}#${serial}`,
  sk: `${kind}#${alarmSk}`,
});
export const notificationPending = (at: string, merchantId: string, serial: string, messageId: string, kind: string) => ({
  gsi3pk: notificationsPendingPk,
  gsi3sk: `${at}#${merchantId}#${serial}#${messageId}#${kind}`,
});
export const notificationsPendingPk = 'NOTIFYOUTBOX#PENDING';
export const notification = (merchantId: string, sk: string) => ({ pk: merchantNotificationsPk(merchantId), sk });
export const merchantNotificationsPk = (merchantId: string) => `MERCHANT#${merchantId}#NOTIFICATIONS`;
/** The last raise of a machine's code that went through the sender: what tells a flapping machine. */
export const notificationFlap = (merchantId: string, serial: string, code: string) => ({ pk: `NOTIFYFLAP#${merchantId}#${serial}`, sk: code });
/** Counter item name (counter) of a user's e-mails in one flood window. */
export const notificationSendsCounterName = (userId: string, windowStart: number) => `NOTIFYSENDS#${userId}#${windowStart}`;
/** What a flood held back for a user of a merchant in a window; on the due index (gsi2) until sent. */
export const notificationDigest = (merchantId: string, userId: string, windowStart: number) => ({
  pk: `NOTIFYDIGEST#${merchantId}#${userId}`,
  sk: String(windowStart),
});
export const notificationDigestDue = (dueAt: string, merchantId: string, userId: string) => ({
  gsi2pk: notificationDigestsDuePk,
  gsi2sk: `${dueAt}#${merchantId}#${userId}`,
});
export const notificationDigestsDuePk = 'NOTIFYDIGESTS#DUE';
// Cashless media (functions/core/medias, ACCESS-PATTERNS M1–M9): one item per media in its own partition (where the
// cloud transactions of the media live too), listed per merchant by last use (gsi1) and by printed serial (gsi2);
// while blocked, lost or holding cloud credit it is on the merchant's media list (gsi3, sparse), which machines get.
export const media = (merchantId: string, mediaId: string) => ({ pk: mediaPk(merchantId, mediaId), sk: 'MEDIA' });
export const merchantMediasPk = (merchantId: string) => `MERCHANT#${merchantId}#MEDIAS`;
export const mediaByUse = (merchantId: string, lastUsedAt: string | null, mediaId: string) => ({
  gsi1pk: merchantMediasPk(merchantId),
  gsi1sk: `${lastUsedAt ?? ''}#${mediaId}`,
});
export const mediaBySerial = (merchantId: string, serial: string, mediaId: string) => ({
  gsi2pk: merchantMediasPk(merchantId),
  gsi2sk: `${serial}#${mediaId}`,
});
export const mediaListEntry = (merchantId: string, mediaId: string) => ({ gsi3pk: merchantMediaListPk(merchantId), gsi3sk: mediaId });
export const merchantMediaListPk = (merchantId: string) => `MERCHANT#${merchantId}#MEDIALIST`;
/** Counter item names (counter): a merchant's medias (`count`), its media list's `version`. */
export const mediasCounterName = (merchantId: string) => `MEDIAS#${merchantId}`;
export const mediaListCounterName = (merchantId: string) => `MEDIALIST#${merchantId}`;
/** A media type the merchant's medias have (written when a media is created). */
export const mediaTypeUsed = (merchantId: string, mediaType: number) => ({ pk: mediaTypesUsedPk(merchantId), sk: String(mediaType).padStart(3, '0') });
export const mediaTypesUsedPk = (merchantId: string) => `MERCHANT#${merchantId}#MEDIATYPES`;
/** A refund's Idempotency-Key, per user and media. */
export const mediaRefundIdempotency = (userId: string, key: string, mediaId: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: `MEDIA_REFUND#${mediaId}` });
// Customers and web payment orders (functions/core/customers, webpayment-orders; ACCESS-PATTERNS C1–C5, W1–W3).
export const customer = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}#CUSTOMER#${id}`, sk: 'CUSTOMER' });
export const customerByRegistration = (merchantId: string, registeredAt: string, id: string) => ({
  gsi1pk: merchantCustomersPk(merchantId),
  gsi1sk: `${registeredAt}#${id}`,
});
export const merchantCustomersPk = (merchantId: string) => `MERCHANT#${merchantId}#CUSTOMERS`;
/** Counter item name (counter) of a merchant's customers (`count`). */
export const customersCounterName = (merchantId: string) => `MERCHANT#${merchantId}#CUSTOMERS`;
export const webPaymentOrder = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}#WPORDER#${id}`, sk: 'WPORDER' });
export const webPaymentOrderByDate = (merchantId: string, createdAt: string, id: string) => ({
  gsi1pk: merchantWebPaymentOrdersPk(merchantId),
  gsi1sk: `${createdAt}#${id}`,
});
export const merchantWebPaymentOrdersPk = (merchantId: string) => `MERCHANT#${merchantId}#WPORDERS`;
/** Counter item name (counter) of a merchant's web payment orders (`count`). */
export const webPaymentOrdersCounterName = (merchantId: string) => `MERCHANT#${merchantId}#WPORDERS`;
/** A processed device message (idempotency), kept until `expiresAt`. */
export const deviceMessage = (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'MSG' });

// Firmware (functions/core/firmware; ACCESS-PATTERNS F1–F3): the super admin's catalogue, not merchant-scoped.
export const firmware = (id: string) => ({ pk: `FIRMWARE#${id}`, sk: 'FIRMWARE' });
/** Listed by device type, then version (each part zero-padded so that the string order is the version order). */
export const firmwareByType = (deviceType: string, sortableVersion: string, id: string) => ({
  gsi1pk: firmwaresPk,
  gsi1sk: `${deviceType}#${sortableVersion}#${id}`,
});
export const firmwaresPk = 'FIRMWARES';
/** One version per device type and level. */
export const firmwareVersionGuard = (deviceType: string, level: string, version: string) => ({
  pk: `FIRMWAREVERSION#${deviceType}#${level}#${version}`,
  sk: 'GUARD',
});
/** Counter item name (counter): firmwares, `count` and one attribute per device type. */
export const firmwaresCounterName = 'FIRMWARES';

// Cash databases (functions/core/cash-databases; ACCESS-PATTERNS CD1–CD2): a merchant's, listed by id (creation order).
export const cashDatabasesPk = (merchantId: string) => `MERCHANT#${merchantId}#CASHDBS`;
export const cashDatabase = (merchantId: string, id: string) => ({ pk: cashDatabasesPk(merchantId), sk: id });
/** One version per merchant, device type and peripheral (`-`: the machine's own database). */
export const cashDatabaseVersionGuard = (merchantId: string, deviceType: string, peripheral: string | null, version: string) => ({
  pk: `MERCHANT#${merchantId}#CASHDBVERSION#${deviceType}#${peripheral ?? '-'}#${version}`,
  sk: 'GUARD',
});
/** Counter item name (counter) of a merchant's cash databases: `count` and one attribute per device type. */
export const cashDatabasesCounterName = (merchantId: string) => `MERCHANT#${merchantId}#CASHDBS`;

// Rollout rules (functions/core/rollouts; ACCESS-PATTERNS R1–R2): `kind` is the rule kind's prefix (FWRULE: firmware, CDBRULE: cash databases).
export const rolloutRule = (kind: string, merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}#${kind}S`, sk: id });
export const rolloutRulesPk = (kind: string, merchantId: string) => `MERCHANT#${merchantId}#${kind}S`;
/** Counter item name (counter) of a merchant's rules of a kind: `count` and one attribute per status. */
export const rolloutRulesCounterName = (kind: string, merchantId: string) => `MERCHANT#${merchantId}#${kind}S`;
/** A rollout's machines (ACCESS-PATTERNS R3): one partition per rule, sorted by wave then serial. */
export const rolloutMachinesPk = (kind: string, merchantId: string, ruleId: string) => `MERCHANT#${merchantId}#ROLLOUT#${kind}#${ruleId}`;
export const rolloutWavePrefix = (wave: number) => `W#${String(wave).padStart(6, '0')}#`;
export const rolloutMachine = (kind: string, merchantId: string, ruleId: string, wave: number, serial: string) => ({
  pk: rolloutMachinesPk(kind, merchantId, ruleId),
  sk: `${rolloutWavePrefix(wave)}${serial}`,
});

// The audit trail (functions/core/audit; ACCESS-PATTERNS AT1–AT3): append-only. Every function role is denied
// UpdateItem, DeleteItem and BatchWriteItem on partitions starting with AUDIT_TRAIL_PK_PREFIX (infra/constructs/grants.ts).
export const AUDIT_TRAIL_PK_PREFIX = 'TRAIL#';
const seqKey = (seq: number) => `SEQ#${String(seq).padStart(12, '0')}`;
export const auditTrailPk = (merchantId: string) => `TRAIL#${merchantId}`;
/** Entry `seq` of a merchant's chain; the sort key orders the chain. */
export const auditTrailEntry = (merchantId: string, seq: number) => ({ pk: `TRAIL#${merchantId}`, sk: seqKey(seq) });
export const auditTrailSeqPrefix = 'SEQ#';
/** The merchant's entries by time (list, CSV, date range). */
export const auditTrailByTime = (merchantId: string, at: string, seq: number) => ({ gsi1pk: auditTrailTimePk(merchantId), gsi1sk: `${at}#${seqKey(seq)}` });
export const auditTrailTimePk = (merchantId: string) => `TRAIL#${merchantId}#AT`;
/** Partitions of the pending entries (intents) of calls under way, so that no one partition takes every call's two writes. */
export const AUDIT_INTENT_SHARDS = 4;
export const auditIntentPk = (shard: number) => `AUDITINTENT#${shard}`;
/** A call's intent (AT4): written with its change, removed with its entry; sorted by when it was written (the sweep reads the old ones). */
export const auditIntent = (at: string, id: string) => ({ pk: auditIntentPk(parseInt(id.slice(0, 2), 16) % AUDIT_INTENT_SHARDS), sk: `${at}#${id}` });

// Anomalies (functions/core/anomalies; ACCESS-PATTERNS T11, AN1): a machine's sales per local weekday and hour, one
// item per local week in the machine's partition, and where the anomaly sweep stopped.
export const posSalesHours = (merchantId: string, serial: string, weekStart: string) => ({ pk: posPk(merchantId, serial), sk: `SALESHOURS#${weekStart}` });
export const anomalySweepState = { pk: 'SWEEP#ANOMALIES', sk: 'STATE' };

/** Attributes that belong to the storage, not to the entity: a record schema (records.ts) drops them. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'expiresAt', 'entity'] as const;

// Licences (functions/core/licences; ACCESS-PATTERNS L1–L5): one per machine, in the machine's partition.
export const license = (merchantId: string, serial: string) => ({ pk: posPk(merchantId, serial), sk: 'LICENSE' });
export const merchantLicensesPk = (merchantId: string) => `MERCHANT#${merchantId}#LICENSES`;
/** A merchant's licences by status, then serial. */
export const licenseByStatus = (merchantId: string, status: number, serial: string) => ({
  gsi1pk: merchantLicensesPk(merchantId),
  gsi1sk: `${status}#${serial}`,
});
/** Sent licences whose e-mail the sweep has not sent yet, oldest first (only while due). */
export const licenseMailsPk = 'LICENSES#MAIL';
export const licenseMailDue = (sentAt: string, merchantId: string, serial: string) => ({ gsi2pk: licenseMailsPk, gsi2sk: `${sentAt}#${merchantId}#${serial}` });
/** Live demo licences by their last day (only while live). */
export const licenseDemosPk = 'LICENSES#DEMO';
export const licenseDemoExpiry = (expiresOn: string, merchantId: string, serial: string) => ({
  gsi3pk: licenseDemosPk,
  gsi3sk: `${expiresOn}#${merchantId}#${serial}`,
});
/** A confirmation link's token, by its SHA-256: which licence it is for, until it expires (TTL). */
export const licenseToken = (tokenHash: string) => ({ pk: `LICENSETOKEN#${tokenHash}`, sk: 'TOKEN' });
/** SAP codes: addressable by id alone (the console's /admin/sapcodes/{id}), listed per merchant by code. */
export const sapCode = (_merchantId: string, id: string) => ({ pk: `SAPCODE#${id}`, sk: 'SAPCODE' });
export const sapCodeByCode = (merchantId: string, codeKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#SAPCODES`, gsi1sk: `${codeKey}#${id}` });
export const merchantSapCodesPk = (merchantId: string) => `MERCHANT#${merchantId}#SAPCODES`;
export const sapCodeGuard = (merchantId: string, codeKey: string) => ({ pk: `SAPCODENAME#${merchantId}#${codeKey}`, sk: 'GUARD' });
/** Web payment services (the platform's catalogue), listed by name; a merchant's configuration of each. */
export const webPaymentService = (id: string) => ({ pk: `WEBPAYSERVICE#${id}`, sk: 'WEBPAYSERVICE' });
export const webPaymentServiceByName = (nameKey: string, id: string) => ({ gsi1pk: 'WEBPAYSERVICES', gsi1sk: `${nameKey}#${id}` });
export const webPaymentServicesPk = 'WEBPAYSERVICES';
export const webPaymentServicesCounterName = 'WEBPAYSERVICES';
export const webPaymentConfigPrefix = 'WEBPAYCONFIG#';
export const webPaymentConfig = (merchantId: string, serviceId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `${webPaymentConfigPrefix}${serviceId}` });
/** Blog posts (the platform's, not a merchant's): listed by creation; a guard per slug. */
export const blogPost = (id: string) => ({ pk: `BLOGPOST#${id}`, sk: 'BLOGPOST' });
export const blogPostByCreation = (createdAt: string, id: string) => ({ gsi1pk: 'BLOGPOSTS', gsi1sk: `${createdAt}#${id}` });
export const blogPostsPk = 'BLOGPOSTS';
export const blogPostsCounterName = 'BLOGPOSTS';
export const blogPostSlugGuard = (slug: string) => ({ pk: `BLOGSLUG#${slug}`, sk: 'GUARD' });
// A cash-handling machine's own data (functions/core/cash, core/sensors; ACCESS-PATTERNS K1–K8).
/** Sensor thresholds of every device model, in one small partition (a model's: begins_with `{model}#`). */
export const sensorThresholdsPk = 'SENSORTHRESHOLDS';
export const sensorThreshold = (model: string, sensor: string) => ({ pk: sensorThresholdsPk, sk: `${model}#${sensor}` });
/** A machine's latest reading and dirtiness per sensor, and its own (worst) state. */
export const posSensorStates = (merchantId: string, serial: string) => ({ pk: posPk(merchantId, serial), sk: 'SENSORSTATE' });
/** Machines per dirtiness state of a merchant (`ok`, `warning`, `critical`; unknown = machines − those). */
export const dirtinessCounterName = (merchantId: string) => `DIRTINESS#${merchantId}`;
/** One sensors message's readings, for the history charts. */
export const posCashSensors = (merchantId: string, serial: string, at: string, messageId: string) => ({
  pk: posPk(merchantId, serial),
  sk: `CASHSENSOR#${at}#${messageId}`,
});
/** Movement `n` of one movements message. */
export const posCashMovement = (merchantId: string, serial: string, at: string, messageId: string, n: number) => ({
  pk: posPk(merchantId, serial),
  sk: `CASHMOVE#${at}#${messageId}#${String(n).padStart(3, '0')}`,
});
/** Device error `n` of one device errors message (newest first: a backward Query of the prefix). */
export const posDeviceError = (merchantId: string, serial: string, at: string, messageId: string, n: number) => ({
  pk: posPk(merchantId, serial),
  sk: `OPOSERR#${at}#${messageId}#${String(n).padStart(3, '0')}`,
});
export const cashHistoryPrefix = { sensors: 'CASHSENSOR#', movement: 'CASHMOVE#', deviceError: 'OPOSERR#' } as const;
/** A machine's cash balance (movements in − out), moved with the movements' counters. */
export const posCashBalance = (merchantId: string, serial: string) => ({ pk: posPk(merchantId, serial), sk: 'CASHBALANCE' });
export const merchantCashBalance = (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'CASHBALANCE' });
/** Cash counters of a merchant's (local) day, per year: a machine's and the merchant's. */
export const machineCashStatsPk = (merchantId: string, serial: string, year: string) => `CASHSTATS#${merchantId}#POS#${serial}#${year}`;
export const merchantCashStatsPk = (merchantId: string, year: string) => `CASHSTATS#${merchantId}#${year}`;
export const cashStatsDay = (pk: string, day: string) => ({ pk, sk: `DAY#${day}` });
/** Guard of a cash message's counters: they were counted. */
export const cashStatsGuard = (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'CASHSTATS' });
/** KPI counters (KP1–KP2): a machine's UTC month; a merchant's or group's UTC month in the machine's shard. */
export const posKpiMonth = (merchantId: string, serial: string, month: string) => ({ pk: posPk(merchantId, serial), sk: `KPIS#${month}` });
export const kpiStatsPk = (merchantId: string, groupId?: string | null) => (groupId ? `KPISTATS#${merchantId}#GROUP#${groupId}` : `KPISTATS#${merchantId}`);
export const kpiStatsMonth = (pk: string, month: string, shard: number) => ({ pk, sk: `MONTH#${month}#${shard}` });
// VP configurations (functions/core/vp-configurations): the current one in the merchant's partition, listed by name
// in gsi1, unique names by a guard item; its versions and the machines it was sent to in its own partition; the
// configuration a machine was last sent, in the machine's partition.
export const vpConfiguration = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `VPCONFIG#${id}` });
export const vpConfigurationByName = (merchantId: string, nameKey: string, id: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#VPCONFIGS`,
  gsi1sk: `${nameKey}#${id}`,
});
export const merchantVpConfigurationsPk = (merchantId: string) => `MERCHANT#${merchantId}#VPCONFIGS`;
export const vpConfigurationNameGuard = (merchantId: string, nameKey: string) => ({ pk: `VPCONFIGNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });
export const vpConfigurationPk = (merchantId: string, id: string) => `MERCHANT#${merchantId}#VPCONFIG#${id}`;
export const vpConfigurationVersionPrefix = 'VERSION#';
export const vpConfigurationVersion = (merchantId: string, id: string, version: number) => ({
  pk: vpConfigurationPk(merchantId, id),
  sk: `VERSION#${String(version).padStart(7, '0')}`,
});
export const vpConfigurationPosPrefix = 'POS#';
export const vpConfigurationPos = (merchantId: string, id: string, serial: string) => ({ pk: vpConfigurationPk(merchantId, id), sk: `POS#${serial}` });
export const posVpConfiguration = (merchantId: string, serial: string) => ({ pk: posPk(merchantId, serial), sk: 'VPCONFIG' });
// Screen configurations (functions/core/screen-configurations): in the merchant's partition, by name in gsi1, unique names.
export const screenConfiguration = (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `SCREENCONFIG#${id}` });
export const screenConfigurationByName = (merchantId: string, nameKey: string, id: string) => ({
  gsi1pk: `MERCHANT#${merchantId}#SCREENCONFIGS`,
  gsi1sk: `${nameKey}#${id}`,
});
export const merchantScreenConfigurationsPk = (merchantId: string) => `MERCHANT#${merchantId}#SCREENCONFIGS`;
export const screenConfigurationNameGuard = (merchantId: string, nameKey: string) => ({ pk: `SCREENCONFIGNAME#${merchantId}#${nameKey}`, sk: 'GUARD' });

// Customer portal (CogesKey), storage config, devices whitelist (ACCESS-PATTERNS CK1, SG1, DW1)
export const cogesKeyPortal = (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'COGESKEY_PORTAL' });
export const storageConfig = (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'STORAGE_CONFIG' });
export const devicesWhitelistPk = (merchantId: string) => `MERCHANT#${merchantId}#WHITELIST`;
export const devicesWhitelistEntry = (merchantId: string, serial: string) => ({ pk: devicesWhitelistPk(merchantId), sk: serial });
