/**
 * What alarm messages do to a machine's alarms. A machine's messages of one batch are applied in the
 * order it raised/cleared them (time, then messageId), one at a time: a raise opens an alarm unless one of
 * its code is open (then it is a repeat of it), a clear repairs the open one. Each step is one guarded
 * transaction (adapters); on 'conflict' (a concurrent batch got there first) it reads again and retries,
 * so two raises milliseconds apart leave exactly one alarm with two occurrences.
 */
import type { MasterAlarm } from '#schemas/alarm';
import type { AlarmPayload } from '#schemas/iot';
import { classify, type StoredAlarm } from './model';
import type { AlarmDevice, AlarmWriter } from './ports';

const MAX_ATTEMPTS = 5;

export interface AlarmEvent {
  messageId: string;
  payload: AlarmPayload;
}

const canonical = (iso: string) => new Date(iso).toISOString();

export async function applyAlarmEvents(
  store: AlarmWriter,
  device: AlarmDevice,
  events: readonly AlarmEvent[],
  masters: ReadonlyMap<string, MasterAlarm>,
): Promise<void> {
  const ordered = events
    .map((e) => ({ ...e, at: canonical(e.payload.at) }))
    .sort((a, b) => (a.at === b.at ? (a.messageId < b.messageId ? -1 : 1) : a.at < b.at ? -1 : 1));
  for (const e of ordered) await applyOne(store, device, e, masters.get(e.payload.code));
}

async function applyOne(store: AlarmWriter, device: AlarmDevice, e: AlarmEvent & { at: string }, master: MasterAlarm | undefined): Promise<void> {
  const p = e.payload;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const open = await store.openAlarm(device, p.code);
    if (p.state === 'cleared') {
      // Nothing open, or a clear older than the open alarm (it cleared an earlier one): nothing to do.
      if (!open || e.at < open.createdAt) return;
      if ((await store.close(device, open, { status: 'repaired', at: e.at, by: null })) === 'ok') return;
      continue;
    }
    if (open) {
      if (open.messageId === e.messageId || open.lastMessageId === e.messageId) return; // a redelivery already applied
      const newer = e.at >= open.lastSeenAt;
      const change = {
        messageId: e.messageId,
        lastSeenAt: newer ? e.at : open.lastSeenAt,
        detail: newer ? (p.detail ?? open.detail) : open.detail,
        remainingCycles: newer ? (p.remainingCycles ?? open.remainingCycles) : open.remainingCycles,
      };
      if ((await store.repeat(open, change)) === 'ok') return;
      continue;
    }
    const alarm: StoredAlarm = {
      merchantId: device.merchantId,
      serial: device.serial,
      groupId: device.groupId,
      messageId: e.messageId,
      code: p.code,
      ...classify(p, master),
      detail: p.detail ?? '',
      remainingCycles: p.remainingCycles ?? null,
      createdAt: e.at,
      lastSeenAt: e.at,
      lastMessageId: e.messageId,
      occurrences: 1,
      repairedAt: null,
      repairedBy: null,
    };
    if ((await store.raise(device, alarm)) === 'ok') return;
  }
  throw new Error(`machine ${device.serial}: alarm ${p.code} kept changing during ${MAX_ATTEMPTS} attempts`);
}
