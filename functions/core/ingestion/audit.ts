/**
 * An audit's path: the EVA-DTS text read once into figures stored with the audit (only a whole audit's figures as
 * `cash`; lists left out of details too long to store); per machine, the prices of the newest whole audit reconciled
 * first (core/prices/sync.ts), the last audit time moved forward, and the stock reconciled and refilled from the
 * vends since initialisation.
 */
import type { AuditMessage } from '#schemas/iot';
import type { AuditCash, AuditEvaDts } from '#schemas/pos-history';
import { applyAuditsToStock, type AuditForStock } from '../stock/writes';
import type { AuditPricesHandler, KindDeps } from './deps';
import { readEvaDts } from './eva-dts';
import type { MessageKind } from './kind';
import type { Device } from './ports';
import { canonicalTime, latest, MAX_AUDIT_DETAILS_CHARS } from './rules';
import type { ValidMessage } from './validation';

function figuresOf(dex: string): { cash?: AuditCash; evaDts: AuditEvaDts } {
  const read = readEvaDts(dex);
  const { cash } = read;
  const evaDts = JSON.stringify(read.evaDts).length > MAX_AUDIT_DETAILS_CHARS ? withoutLists(read.evaDts) : read.evaDts;
  return evaDts.integrity === 'whole' ? { cash, evaDts } : { evaDts };
}

function withoutLists(evaDts: AuditEvaDts): AuditEvaDts {
  return { ...evaDts, products: [], productSales: [], priceLists: [], eventLog: [], eventCounts: [], detailsOmitted: true };
}

/** What stock reads of an audit: each selection's vends since initialisation (PA2 paid, PA4 free), from a whole audit only. */
function auditForStock(m: AuditMessage): AuditForStock {
  const p = m.payload;
  return {
    messageId: m.messageId,
    readAt: canonicalTime(p.readAt),
    origin: p.origin,
    vends: () => {
      const read = p.dex ? readEvaDts(p.dex).evaDts : undefined;
      if (!read || read.integrity !== 'whole') return [];
      return read.products.map((x) => ({ product: x.product, paid: x.paid.sinceInit?.count ?? null, free: x.free.sinceInit?.count ?? null }));
    },
  };
}

/** The price lists of the batch's newest audit with whole EVA-DTS text (read again: audits are few). */
async function reconcilePrices(device: Device, messages: ValidMessage[], auditPrices: AuditPricesHandler): Promise<void> {
  const withText = messages.filter((m) => (m.message as AuditMessage).payload.dex);
  const newest = latest(
    withText,
    (m) => canonicalTime((m.message as AuditMessage).payload.readAt),
    (m) => m.message.messageId,
  );
  if (!newest) return;
  const { payload } = newest.message as AuditMessage;
  const { evaDts } = readEvaDts(payload.dex!);
  if (evaDts.integrity === 'whole' && evaDts.priceLists.length) await auditPrices(device, canonicalTime(payload.readAt), evaDts.priceLists);
}

/** The audit kind's deps: the stock and the prices' sync. */
export type AuditDeps = KindDeps<'stock' | 'auditPrices'>;

export const audit: MessageKind<undefined, AuditDeps> = {
  kind: 'audit',
  recordsProcessed: true,

  historyOf(m, device) {
    const p = (m.message as AuditMessage).payload;
    const receivedAt = new Date(m.receivedAt).toISOString();
    // Read once here: the views then read stored figures, never the DEX text. Only a whole audit's figures
    // are stored as `cash` (what the cash view and reconciliation use); `evaDts` says why another is not whole.
    return [
      {
        merchantId: device.merchantId,
        serial: device.serial,
        messageId: m.message.messageId,
        kind: 'audit',
        at: canonicalTime(p.readAt),
        data: { ...p, ...(p.dex ? figuresOf(p.dex) : {}), readAt: canonicalTime(p.readAt), receivedAt, sentAt: m.sentAt },
      },
    ];
  },

  async applyLatest(device, messages, { deps, now }) {
    const at = latest(
      messages.map((m) => canonicalTime((m.message as AuditMessage).payload.readAt)),
      (t) => t,
      () => '',
    );
    // Prices first: once the machine shows the audit, its prices tell what the audit made of them.
    if (deps.auditPrices) await reconcilePrices(device, messages, deps.auditPrices);
    if (at) await deps.history.advanceLatest(device, 'lastAuditAt', at);
    // The registry says when the machine has no stock record: nothing to read.
    if (device.stocked !== false)
      await applyAuditsToStock(
        deps.stock,
        device,
        messages.map((m) => auditForStock(m.message as AuditMessage)),
        new Date(now).toISOString(),
      );
    return undefined;
  },
};
