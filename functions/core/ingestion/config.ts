/** A reported configuration's path: stored in the history, and the newest one of the batch becomes the machine's latest. */
import type { ConfigMessage } from '#schemas/iot';
import type { MessageKind } from './kind';
import { canonicalTime, latest } from './rules';

export const config: MessageKind = {
  kind: 'config',
  recordsProcessed: true,

  historyOf(m, device) {
    const p = (m.message as ConfigMessage).payload;
    const receivedAt = new Date(m.receivedAt).toISOString();
    return [
      {
        merchantId: device.merchantId,
        serial: device.serial,
        messageId: m.message.messageId,
        kind: 'config',
        at: canonicalTime(p.reportedAt),
        data: { values: p.values, reportedAt: canonicalTime(p.reportedAt), receivedAt },
      },
    ];
  },

  async applyLatest(device, messages, { deps }) {
    const m = latest(
      messages,
      (x) => canonicalTime((x.message as ConfigMessage).payload.reportedAt),
      (x) => x.message.messageId,
    )!;
    const p = (m.message as ConfigMessage).payload;
    await deps.history.putLatestConfig(device, canonicalTime(p.reportedAt), m.message.messageId, p.values);
    return undefined;
  },
};
