/**
 * Every key shape of the single table, in one place (see ACCESS-PATTERNS.md). Merchant-scoped items
 * carry the merchant in their partition key.
 */
export const keys = {
  merchant: (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'MERCHANT' }),
  merchantByName: (nameKey: string, id: string) => ({ gsi1pk: 'MERCHANTS', gsi1sk: `NAME#${nameKey}#${id}` }),
  merchantsIndexPk: 'MERCHANTS',
  merchantSettings: (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'SETTINGS' }),
  superAdminSettings: (id: string) => ({ pk: `MERCHANT#${id}`, sk: 'SUPERADMIN_SETTINGS' }),
  merchantNameGuard: (nameKey: string) => ({ pk: `MERCHANTNAME#${nameKey}`, sk: 'GUARD' }),
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  usersByEmail: (email: string, id: string) => ({ gsi1pk: 'USERS', gsi1sk: `${email.toLowerCase()}#${id}` }),
  usersIndexPk: 'USERS',
  userEmailGuard: (email: string) => ({ pk: `USEREMAIL#${email.toLowerCase()}`, sk: 'GUARD' }),
  /** A copy of the user in each of its merchants, for listing a merchant's users by email. */
  userMembership: (merchantId: string, email: string, id: string) => ({ pk: `MERCHANT#${merchantId}#USERS`, sk: `${email.toLowerCase()}#${id}` }),
  merchantUsersPk: (merchantId: string) => `MERCHANT#${merchantId}#USERS`,
  group: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `GROUP#${id}` }),
  groupByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#GROUPS`, gsi1sk: `${nameKey}#${id}` }),
  merchantGroupsPk: (merchantId: string) => `MERCHANT#${merchantId}#GROUPS`,
  groupNameGuard: (merchantId: string, nameKey: string) => ({ pk: `GROUPNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'TOTAL' }),

  // Machines (points of sale). Slow-changing fields and the list indexes live on the POS item; what
  // devices report often (ping, signal, temperature, connection, last sale/audit) lives on a TELEMETRY
  // item that no index projects, so ingestion never writes a GSI partition. A list page is one Query on
  // the POS index plus one BatchGet of the page's TELEMETRY items.
  /** Who owns a serial: the only key built from a serial alone (ingestion, joining, super admin lookups). */
  deviceRegistry: (serial: string) => ({ pk: `DEVICE#${serial}`, sk: 'REGISTRY' }),
  posPk: (merchantId: string, serial: string) => `MERCHANT#${merchantId}#POS#${serial}`,
  pos: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'POS' }),
  posTelemetry: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'TELEMETRY' }),
  /** Visible machines of a merchant by name; hidden ones move to the `#HIDDEN` partition of the index. */
  posByName: (merchantId: string, hidden: boolean, nameKey: string, serial: string) => ({
    gsi1pk: `MERCHANT#${merchantId}#POS${hidden ? '#HIDDEN' : ''}`,
    gsi1sk: `${nameKey}#${serial}`,
  }),
  /** The machines of one group by name: what a group admin lists. */
  posByGroup: (merchantId: string, groupId: string, nameKey: string, serial: string) => ({
    gsi2pk: `MERCHANT#${merchantId}#GROUP#${groupId}#POS`,
    gsi2sk: `${nameKey}#${serial}`,
  }),
  /** Machine name uniqueness per merchant (guard item in the machine's transactions). */
  posNameGuard: (merchantId: string, nameKey: string) => ({ pk: `POSNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  /** A note of a machine, in the machine's partition: sk orders by creation date. */
  posNote: (merchantId: string, serial: string, creationDate: string, id: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `NOTE#${creationDate}#${id}` }),
  posNotePrefix: 'NOTE#',
  /** Counter item names (keys.counter): machines of a merchant, and of one group of it. */
  posCounterName: (merchantId: string) => `POS#${merchantId}`,
  posGroupCounterName: (merchantId: string, groupId: string) => `POS#${merchantId}#GROUP#${groupId}`,
  /** Which merchant a device-association PIN belongs to (unique across merchants). */
  pinGuard: (pin: string) => ({ pk: `PIN#${pin}`, sk: 'GUARD' }),
  client: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `CLIENT#${id}` }),
  clientByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#CLIENTS`, gsi1sk: `${nameKey}#${id}` }),
  merchantClientsPk: (merchantId: string) => `MERCHANT#${merchantId}#CLIENTS`,
  clientNameGuard: (merchantId: string, nameKey: string) => ({ pk: `CLIENTNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  noVendProfile: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `NOVENDPROFILE#${id}` }),
  noVendProfileByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#NOVENDPROFILES`, gsi1sk: `${nameKey}#${id}` }),
  merchantNoVendProfilesPk: (merchantId: string) => `MERCHANT#${merchantId}#NOVENDPROFILES`,
  noVendProfileNameGuard: (merchantId: string, nameKey: string) => ({ pk: `NOVENDPROFILENAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  product: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `PRODUCT#${id}` }),
  productByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#PRODUCTS`, gsi1sk: `${nameKey}#${id}` }),
  productByCode: (merchantId: string, codeKey: string, id: string) => ({ gsi2pk: `MERCHANT#${merchantId}#PRODUCTS`, gsi2sk: `${codeKey}#${id}` }),
  merchantProductsPk: (merchantId: string) => `MERCHANT#${merchantId}#PRODUCTS`,
  productNameGuard: (merchantId: string, nameKey: string) => ({ pk: `PRODUCTNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  productCodeGuard: (merchantId: string, codeKey: string) => ({ pk: `PRODUCTCODE#${merchantId}#${codeKey}`, sk: 'GUARD' }),
  productsCounterName: (merchantId: string) => `MERCHANT#${merchantId}#PRODUCTS`,
  planogram: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `PLANOGRAM#${id}` }),
  planogramByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#PLANOGRAMS`, gsi1sk: `${nameKey}#${id}` }),
  merchantPlanogramsPk: (merchantId: string) => `MERCHANT#${merchantId}#PLANOGRAMS`,
  planogramNameGuard: (merchantId: string, nameKey: string) => ({ pk: `PLANOGRAMNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  planogramsCounterName: (merchantId: string) => `MERCHANT#${merchantId}#PLANOGRAMS`,
  /** The machines of one planogram by name (only on POS items that have one): what a planogram's delete unassigns. */
  posByPlanogram: (merchantId: string, planogramId: string, nameKey: string, serial: string) => ({
    gsi3pk: keys.planogramPosPk(merchantId, planogramId),
    gsi3sk: `${nameKey}#${serial}`,
  }),
  planogramPosPk: (merchantId: string, planogramId: string) => `MERCHANT#${merchantId}#PLANOGRAM#${planogramId}#POS`,
  /** A planogram with a line of the product (written by the planograms' transactions; `planogramId`, `description`). */
  productPlanogramUse: (merchantId: string, productId: string, planogramId: string) => ({ pk: `MERCHANT#${merchantId}#PRODUCT#${productId}`, sk: `PLANOGRAM#${planogramId}` }),
  productUsePk: (merchantId: string, productId: string) => `MERCHANT#${merchantId}#PRODUCT#${productId}`,
  // Stock (functions/core/stock): one record per machine with stock management, in the machine's partition,
  // indexed by fill (`{fill 000–100}#{serial}`) per merchant (gsi1), group (gsi2) and client (gsi3).
  posStock: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'STOCK' }),
  stockFillKey: (fillPercent: number, serial: string) => `${String(fillPercent).padStart(3, '0')}#${serial}`,
  merchantStockPk: (merchantId: string) => `MERCHANT#${merchantId}#STOCK`,
  groupStockPk: (merchantId: string, groupId: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#STOCK`,
  clientStockPk: (merchantId: string, clientId: string) => `MERCHANT#${merchantId}#CLIENT#${clientId}#STOCK`,
  /** Counter item name (keys.counter): the merchant's machines with a stock record (`count`). */
  stockCounterName: (merchantId: string) => `STOCK#${merchantId}`,
  /** The merchant's own extra product fields (one item: the whole list). */
  productCustomParameters: (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'PRODUCT_CUSTOM_PARAMETERS' }),
  // Ingestion (functions/core/ingestion): history items in the machine's partition, keyed by the time the
  // device reported and the message id, so a redelivered message rewrites the same item.
  /** A signal/temperature sample of one telemetry message. */
  posSensorSample: (merchantId: string, serial: string, at: string, messageId: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `SENSOR#${at}#${messageId}` }),
  /** Transaction `n` (0-based, 3 digits) of one sales message. */
  posSale: (merchantId: string, serial: string, at: string, messageId: string, n: number) => ({
    pk: `MERCHANT#${merchantId}#POS#${serial}`,
    sk: `SALE#${at}#${messageId}#${String(n).padStart(3, '0')}`,
  }),
  // Transactions (functions/core/transactions, ACCESS-PATTERNS T1–T7). A sale item (I3) also sits in month
  // partitions of the merchant's index (gsi1) and of its group's (gsi2, the group that sold), and in its media's (gsi3).
  // `ref` is `{messageId}#{nnn}` for a machine's sale, `{id}#000` for a transaction made in the cloud.
  /** A transaction made in the cloud (refund, web recharge): no machine partition, its media's. */
  cloudSale: (merchantId: string, mediaId: string, createdAt: string, id: string) => ({ pk: keys.mediaPk(merchantId, mediaId), sk: `SALE#${createdAt}#${id}#000` }),
  mediaPk: (merchantId: string, mediaId: string) => `MERCHANT#${merchantId}#MEDIA#${mediaId}`,
  /** The sort key every index of a transaction shares: time, machine (`CLOUD` without one), then its ref. */
  saleIndexSk: (createdAt: string, serial: string | null | undefined, ref: string) => `${createdAt}#${serial ?? 'CLOUD'}#${ref}`,
  /** The UTC month (`yyyy-mm`) partition of a transaction made at this instant. */
  saleMonth: (createdAt: string) => createdAt.slice(0, 7),
  merchantSalesPk: (merchantId: string, month: string) => `MERCHANT#${merchantId}#SALES#${month}`,
  groupSalesPk: (merchantId: string, groupId: string, month: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#SALES#${month}`,
  /** The index attributes of a transaction: merchant's month, group's month (when sold in a group), media's. */
  saleIndexes: (merchantId: string, t: { createdAt: string; serial?: string | null; groupId?: string | null; mediaId?: string | null }, ref: string) => {
    const sk = keys.saleIndexSk(t.createdAt, t.serial, ref);
    const month = keys.saleMonth(t.createdAt);
    return {
      gsi1pk: keys.merchantSalesPk(merchantId, month),
      gsi1sk: sk,
      ...(t.groupId ? { gsi2pk: keys.groupSalesPk(merchantId, t.groupId, month), gsi2sk: sk } : {}),
      ...(t.mediaId ? { gsi3pk: keys.mediaPk(merchantId, t.mediaId), gsi3sk: sk } : {}),
    };
  },
  /** Transaction statistics of a merchant's (local) day, in a partition per year: 365 days are ≤ 2 Queries. */
  merchantSalesStatsPk: (merchantId: string, year: string) => `TXSTATS#${merchantId}#${year}`,
  groupSalesStatsPk: (merchantId: string, groupId: string, year: string) => `TXSTATS#${merchantId}#GROUP#${groupId}#${year}`,
  salesStatsDay: (pk: string, day: string) => ({ pk, sk: `DAY#${day}` }),
  /** A machine's transaction statistics of a (local) month: one item per machine, a day's figures per attribute. */
  machineSalesStatsPk: (merchantId: string, month: string) => `TXSTATS#${merchantId}#POS#${month}`,
  machineSalesStats: (merchantId: string, month: string, serial: string) => ({ pk: keys.machineSalesStatsPk(merchantId, month), sk: serial }),
  /** The types, media types and source types a merchant's transactions used (number sets). */
  salesUsed: (merchantId: string) => ({ pk: `MERCHANT#${merchantId}`, sk: 'TXUSED' }),
  /** Guard of a sales message's statistics: its transactions were counted. */
  salesStatsGuard: (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'TXSTATS' }),
  posAudit: (merchantId: string, serial: string, at: string, messageId: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `AUDIT#${at}#${messageId}` }),
  /** A reported configuration; its history is `CONFIG#0` … `CONFIG#9` (the latest copy sorts after: `CONFIG#LATEST`). */
  posConfig: (merchantId: string, serial: string, at: string, messageId: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `CONFIG#${at}#${messageId}` }),
  posConfigLatest: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'CONFIG#LATEST' }),
  historyPrefix: { sensor: 'SENSOR#', sale: 'SALE#', audit: 'AUDIT#', config: 'CONFIG#', alarm: 'ALARM#' },
  // Alarms (functions/core/alarms): in the machine's partition by creation time, in the merchant's alarms index
  // and, raised on a grouped machine, in its group's (gsi2); at most one open alarm per machine and code, held by
  // its guard item.
  posAlarm: (merchantId: string, serial: string, createdAt: string, messageId: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `ALARM#${createdAt}#${messageId}` }),
  alarmByMerchant: (merchantId: string, createdAt: string, serial: string, messageId: string) => ({ gsi1pk: `MERCHANT#${merchantId}#ALARMS`, gsi1sk: `${createdAt}#${serial}#${messageId}` }),
  merchantAlarmsPk: (merchantId: string) => `MERCHANT#${merchantId}#ALARMS`,
  /** The same sort key as the merchant's index, so a group admin's groups merge in creation order. */
  alarmByGroup: (merchantId: string, groupId: string, createdAt: string, serial: string, messageId: string) => ({
    gsi2pk: keys.groupAlarmsPk(merchantId, groupId),
    gsi2sk: keys.alarmByMerchant(merchantId, createdAt, serial, messageId).gsi1sk,
  }),
  groupAlarmsPk: (merchantId: string, groupId: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#ALARMS`,
  /** The open alarm of a code on a machine (points at the alarm item); its conditional Put is the "one open alarm" guard. */
  openAlarm: (merchantId: string, serial: string, code: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `OPENALARM#${code}` }),
  /** A machine's alarm counts (in its partition, so deleting the machine removes them). */
  posAlarmStats: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'ALARMSTATS' }),
  /** Counter item names (keys.counter) of alarm statistics: the merchant's and a group's, all and per day of creation. */
  alarmCounterName: (merchantId: string, groupId?: string | null, day?: string) => `ALARMS#${merchantId}${groupId ? `#GROUP#${groupId}` : ''}${day ? `#DAY#${day}` : ''}`,
  /** The troubleshooting catalogue (not merchant-scoped: the super admin's), by code. */
  masterAlarm: (code: string) => ({ pk: `MASTERALARM#${code}`, sk: 'MASTERALARM' }),
  masterAlarmByCode: (code: string) => ({ gsi1pk: 'MASTERALARMS', gsi1sk: code }),
  masterAlarmsPk: 'MASTERALARMS',
  masterAlarmsCounterName: 'MASTERALARMS',
  alarmSetting: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}`, sk: `ALARMSETTING#${id}` }),
  alarmSettingByName: (merchantId: string, nameKey: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#ALARMSETTINGS`, gsi1sk: `${nameKey}#${id}` }),
  merchantAlarmSettingsPk: (merchantId: string) => `MERCHANT#${merchantId}#ALARMSETTINGS`,
  alarmSettingNameGuard: (merchantId: string, nameKey: string) => ({ pk: `ALARMSETTINGNAME#${merchantId}#${nameKey}`, sk: 'GUARD' }),
  /** The configuration a user wants the machine to run (the API's; `CUSTOM_CONFIG` is outside the `CONFIG#` history). */
  posCustomConfig: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'CUSTOM_CONFIG' }),
  // Prices (functions/core/prices): the machine's current prices and each version of them, in its partition.
  posPrices: (merchantId: string, serial: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: 'PRICES' }),
  /** Version `n` (10 digits, so sk order = version order) of a machine's prices. */
  posPriceVersion: (merchantId: string, serial: string, version: number) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `PRICES#V#${String(version).padStart(10, '0')}` }),
  posPriceVersionPrefix: 'PRICES#V#',
  // Remote commands: in the machine's partition (sk order = creation order: ids start with the time), listed
  // per merchant on gsi1 and, sent to a grouped machine, per group on gsi3; on the due index (gsi2) while
  // pending, for the delivery sweep.
  posCommand: (merchantId: string, serial: string, id: string) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `COMMAND#${id}` }),
  posCommandPrefix: 'COMMAND#',
  commandByMerchant: (merchantId: string, id: string) => ({ gsi1pk: `MERCHANT#${merchantId}#COMMANDS`, gsi1sk: id }),
  merchantCommandsPk: (merchantId: string) => `MERCHANT#${merchantId}#COMMANDS`,
  commandByGroup: (merchantId: string, groupId: string, id: string) => ({ gsi3pk: keys.groupCommandsPk(merchantId, groupId), gsi3sk: id }),
  groupCommandsPk: (merchantId: string, groupId: string) => `MERCHANT#${merchantId}#GROUP#${groupId}#COMMANDS`,
  commandDue: (dueAt: string, merchantId: string, serial: string, id: string) => ({ gsi2pk: 'COMMANDS#DUE', gsi2sk: `${dueAt}#${merchantId}#${serial}#${id}` }),
  commandsDuePk: 'COMMANDS#DUE',
  /** One pending command of a type per machine: held by that command until it ends. */
  posCommandLock: (merchantId: string, serial: string, type: number) => ({ pk: `MERCHANT#${merchantId}#POS#${serial}`, sk: `COMMAND_LOCK#${type}` }),
  /** A send's Idempotency-Key, per user. */
  commandIdempotency: (userId: string, key: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: 'REMOTE_COMMAND_SEND' }),
  /** Counter item names: a machine's commands (`count`, `pending`), a merchant's (`count`). */
  posCommandsCounterName: (merchantId: string, serial: string) => `POS#${merchantId}#${serial}#COMMANDS`,
  merchantCommandsCounterName: (merchantId: string) => `COMMANDS#${merchantId}`,
  /** A device message kept aside (invalid or from an unknown serial), per UTC day of receipt. */
  invalidMessage: (day: string, receivedAt: string, hash: string) => ({ pk: `INVALID#${day}`, sk: `${receivedAt}#${hash}` }),
  invalidMessagesCounterName: 'INVALID_MESSAGES',
  /**
   * Online-machines index for the connection sweep: an entry per online machine and ping-time bucket
   * (written when a machine enters a new bucket), sharded so a busy minute spreads over partitions.
   */
  onlineEntry: (bucket: string, shard: number, merchantId: string, serial: string) => ({ pk: `ONLINE#${bucket}#${shard}`, sk: `${merchantId}#${serial}` }),
  onlinePk: (bucket: string, shard: number) => `ONLINE#${bucket}#${shard}`,
  connectionSweepState: { pk: 'SWEEP#CONNECTION', sk: 'STATE' },
  /**
   * A deleted machine whose partition is still being removed (machine-purges.ts): written in the delete
   * transaction, removed once the partition is empty; while it exists the serial cannot join that merchant again.
   */
  machinePurge: (merchantId: string, serial: string) => ({ pk: 'PURGE#MACHINES', sk: `${merchantId}#${serial}` }),
  machinePurgesPk: 'PURGE#MACHINES',
  /** The local stack's back-filled demo week (infra/local/demo-history.ts): its anchor instant and whether it completed. */
  demoHistory: { pk: 'DEMO#HISTORY', sk: 'SEED' },
  /**
   * A machine moved to another group whose alarms and commands are still being re-indexed (machine-regroups.ts):
   * written in the move transaction, removed once every item carries the machine's group; group lists read the
   * merchant's marks to filter by the machines' current groups meanwhile.
   */
  machineRegroup: (merchantId: string, serial: string) => ({ pk: 'REGROUP#MACHINES', sk: `${merchantId}#${serial}` }),
  machineRegroupsPk: 'REGROUP#MACHINES',
  // Historical data requests (functions/core/historical-data): a merchant's requests in one partition by id (time-ordered:
  // sk order = creation order), its count of active ones on a counter item; subscriptions in another partition, on the
  // due index (gsi2) by their next run for the sweep.
  dataRequest: (merchantId: string, id: string) => ({ pk: keys.merchantDataRequestsPk(merchantId), sk: id }),
  merchantDataRequestsPk: (merchantId: string) => `MERCHANT#${merchantId}#DATAREQUESTS`,
  /** Counter item name (keys.counter) of a merchant's requests: `active` = those in status Created. */
  dataRequestsCounterName: (merchantId: string) => `DATAREQUESTS#${merchantId}`,
  dataSubscription: (merchantId: string, id: string) => ({ pk: keys.merchantDataSubscriptionsPk(merchantId), sk: id }),
  merchantDataSubscriptionsPk: (merchantId: string) => `MERCHANT#${merchantId}#DATASUBSCRIPTIONS`,
  dataSubscriptionDue: (nextRunAt: string, merchantId: string, id: string) => ({ gsi2pk: keys.dataSubscriptionsDuePk, gsi2sk: `${nextRunAt}#${merchantId}#${id}` }),
  dataSubscriptionsDuePk: 'DATASUBSCRIPTIONS#DUE',
  /** Counter item name of a merchant's subscriptions (`count`). */
  dataSubscriptionsCounterName: (merchantId: string) => `DATASUBSCRIPTIONS#${merchantId}`,
  // Alarm notifications (functions/core/notifications, ACCESS-PATTERNS N1–N6). The alarm transaction puts an outbox
  // item (its stream record is the sender's queue); while unsent it is on the pending index (gsi3), which the local
  // stack's stream stand-in reads. The log is one partition per merchant by event time.
  notificationOutbox: (merchantId: string, serial: string, kind: string, alarmSk: string) => ({ pk: `NOTIFYOUTBOX#${merchantId}#${serial}`, sk: `${kind}#${alarmSk}` }),
  notificationPending: (at: string, merchantId: string, serial: string, messageId: string, kind: string) => ({ gsi3pk: keys.notificationsPendingPk, gsi3sk: `${at}#${merchantId}#${serial}#${messageId}#${kind}` }),
  notificationsPendingPk: 'NOTIFYOUTBOX#PENDING',
  notification: (merchantId: string, sk: string) => ({ pk: keys.merchantNotificationsPk(merchantId), sk }),
  merchantNotificationsPk: (merchantId: string) => `MERCHANT#${merchantId}#NOTIFICATIONS`,
  /** The last raise of a machine's code that went through the sender: what tells a flapping machine. */
  notificationFlap: (merchantId: string, serial: string, code: string) => ({ pk: `NOTIFYFLAP#${merchantId}#${serial}`, sk: code }),
  /** Counter item name (keys.counter) of a user's e-mails in one flood window. */
  notificationSendsCounterName: (userId: string, windowStart: number) => `NOTIFYSENDS#${userId}#${windowStart}`,
  /** What a flood held back for a user of a merchant in a window; on the due index (gsi2) until sent. */
  notificationDigest: (merchantId: string, userId: string, windowStart: number) => ({ pk: `NOTIFYDIGEST#${merchantId}#${userId}`, sk: String(windowStart) }),
  notificationDigestDue: (dueAt: string, merchantId: string, userId: string) => ({ gsi2pk: keys.notificationDigestsDuePk, gsi2sk: `${dueAt}#${merchantId}#${userId}` }),
  notificationDigestsDuePk: 'NOTIFYDIGESTS#DUE',
  // Cashless media (functions/core/medias, ACCESS-PATTERNS M1–M9): one item per media in its own partition (where the
  // cloud transactions of the media live too), listed per merchant by last use (gsi1) and by printed serial (gsi2);
  // while blocked, lost or holding cloud credit it is on the merchant's media list (gsi3, sparse), which machines get.
  media: (merchantId: string, mediaId: string) => ({ pk: keys.mediaPk(merchantId, mediaId), sk: 'MEDIA' }),
  merchantMediasPk: (merchantId: string) => `MERCHANT#${merchantId}#MEDIAS`,
  mediaByUse: (merchantId: string, lastUsedAt: string | null, mediaId: string) => ({ gsi1pk: keys.merchantMediasPk(merchantId), gsi1sk: `${lastUsedAt ?? ''}#${mediaId}` }),
  mediaBySerial: (merchantId: string, serial: string, mediaId: string) => ({ gsi2pk: keys.merchantMediasPk(merchantId), gsi2sk: `${serial}#${mediaId}` }),
  mediaListEntry: (merchantId: string, mediaId: string) => ({ gsi3pk: keys.merchantMediaListPk(merchantId), gsi3sk: mediaId }),
  merchantMediaListPk: (merchantId: string) => `MERCHANT#${merchantId}#MEDIALIST`,
  /** Counter item names (keys.counter): a merchant's medias (`count`), its media list's `version`. */
  mediasCounterName: (merchantId: string) => `MEDIAS#${merchantId}`,
  mediaListCounterName: (merchantId: string) => `MEDIALIST#${merchantId}`,
  /** A media type the merchant's medias have (written when a media is created). */
  mediaTypeUsed: (merchantId: string, mediaType: number) => ({ pk: keys.mediaTypesUsedPk(merchantId), sk: String(mediaType).padStart(3, '0') }),
  mediaTypesUsedPk: (merchantId: string) => `MERCHANT#${merchantId}#MEDIATYPES`,
  /** A refund's Idempotency-Key, per user and media. */
  mediaRefundIdempotency: (userId: string, key: string, mediaId: string) => ({ pk: `IDEMPOTENCY#${userId}#${key}`, sk: `MEDIA_REFUND#${mediaId}` }),
  // Customers and web payment orders (functions/core/customers, webpayment-orders; ACCESS-PATTERNS C1–C5, W1–W3).
  customer: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}#CUSTOMER#${id}`, sk: 'CUSTOMER' }),
  customerByRegistration: (merchantId: string, registeredAt: string, id: string) => ({ gsi1pk: keys.merchantCustomersPk(merchantId), gsi1sk: `${registeredAt}#${id}` }),
  merchantCustomersPk: (merchantId: string) => `MERCHANT#${merchantId}#CUSTOMERS`,
  /** Counter item name (keys.counter) of a merchant's customers (`count`). */
  customersCounterName: (merchantId: string) => `MERCHANT#${merchantId}#CUSTOMERS`,
  webPaymentOrder: (merchantId: string, id: string) => ({ pk: `MERCHANT#${merchantId}#WPORDER#${id}`, sk: 'WPORDER' }),
  webPaymentOrderByDate: (merchantId: string, createdAt: string, id: string) => ({ gsi1pk: keys.merchantWebPaymentOrdersPk(merchantId), gsi1sk: `${createdAt}#${id}` }),
  merchantWebPaymentOrdersPk: (merchantId: string) => `MERCHANT#${merchantId}#WPORDERS`,
  /** Counter item name (keys.counter) of a merchant's web payment orders (`count`). */
  webPaymentOrdersCounterName: (merchantId: string) => `MERCHANT#${merchantId}#WPORDERS`,
  /** A processed device message (idempotency), kept until `expiresAt`. */
  deviceMessage: (messageId: string) => ({ pk: `MSG#${messageId}`, sk: 'MSG' }),
} as const;

/** Attributes that belong to the storage, not to the entity. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'expiresAt', 'entity'] as const;

export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy = { ...item };
  for (const k of KEY_ATTRIBUTES) delete copy[k];
  return copy as T;
}
