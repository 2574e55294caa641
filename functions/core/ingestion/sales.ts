/**
 * A sale's path: the names of the batch's machines and their merchants' time zones read once; each transaction
 * stored as a sale in the history with the machine's name and group when it sold; per machine, the last sale time
 * moved forward, the stock taken from its lines and the statistics counted (last: their guards say the messages were
 * counted); then, once for the batch, the media records of the sales paid with a key or card.
 */
import type { SalesMessage } from '#schemas/iot';
import { applyMediaUses, mediaUsesOf } from '../medias/ingest';
import { applySalesToStock } from '../stock/writes';
import { groupBy } from './batching';
import type { KindDeps } from './deps';
import type { MessageKind } from './kind';
import type { SalesContext } from './ports';
import { canonicalTime, epochSeconds, latest, MESSAGE_RECORD_TTL_SECONDS } from './rules';
import type { ValidMessage } from './validation';

const transactionsOf = (m: ValidMessage) => (m.message as SalesMessage).payload.transactions;

/** The sales kind's deps: the machines' names and time zones, the statistics, the stock and the media records. */
export type SalesDeps = KindDeps<'salesContext' | 'salesStats' | 'stock' | 'medias'>;

export const sales: MessageKind<SalesContext, SalesDeps> = {
  kind: 'sales',
  recordsProcessed: true,

  prepare: (devices, deps) => deps.salesContext.salesContext(devices),

  historyOf(m, device, context) {
    const posName = context?.posNames.get(device.serial);
    const savedAt = new Date(m.receivedAt).toISOString();
    return transactionsOf(m).map((t, n) => ({
      merchantId: device.merchantId,
      serial: device.serial,
      messageId: m.message.messageId,
      kind: 'sale' as const,
      at: canonicalTime(t.createdAt),
      n,
      data: {
        ...t,
        transactionId: t.id,
        createdAt: canonicalTime(t.createdAt),
        savedAt,
        sentAt: m.sentAt,
        ...(posName !== undefined ? { posName } : {}),
        ...(device.groupId ? { groupId: device.groupId } : {}),
      },
    }));
  },

  async applyLatest(device, messages, { deps, now, prepared: context }) {
    const at = latest(
      messages.flatMap((m) => transactionsOf(m).map((t) => canonicalTime(t.createdAt))),
      (t) => t,
      () => '',
    );
    if (at) await deps.history.advanceLatest(device, 'lastSaleAt', at);
    const sales = messages.map((m) => ({ messageId: m.message.messageId, transactions: transactionsOf(m) }));
    // The registry says when the machine has no stock record: nothing to read.
    if (device.stocked !== false) await applySalesToStock(deps.stock, device, sales, new Date(now).toISOString());
    // Last: its guards say the messages were counted, so everything before is stored when they are there.
    await deps.salesStats.countSales(
      device,
      context?.posNames.get(device.serial) ?? null,
      context?.timeZones.get(device.merchantId) ?? 'UTC',
      sales,
      epochSeconds(now) + MESSAGE_RECORD_TTL_SECONDS,
    );
    return undefined;
  },

  /** Media records once per media for the whole batch (a key used at two machines is one write), per merchant; the messages carrying a media whose write failed come again. */
  async afterMachines(messages, registrations, { medias, log }, now) {
    if (!medias) return new Set();
    const merchantOf = (m: ValidMessage) => registrations.get(m.message.serial)!.merchantId;
    const failedMedias = new Set<string>();
    for (const [merchantId, list] of groupBy(messages, merchantOf)) {
      const uses = list.flatMap((m) => mediaUsesOf(m.message as SalesMessage, canonicalTime));
      const failedIds = await applyMediaUses(medias, merchantId, uses, new Date(now).toISOString(), log).catch((error: unknown) => {
        log?.('error', 'reading medias failed', { merchantId, error });
        return new Set(uses.map((u) => u.media.id));
      });
      for (const id of failedIds) failedMedias.add(`${merchantId}#${id}`);
    }
    return new Set(
      messages.filter((m) => transactionsOf(m).some((t) => t.media && failedMedias.has(`${merchantOf(m)}#${t.media.id}`))).map((m) => m.message.messageId),
    );
  },
};
