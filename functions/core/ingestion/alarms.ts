/** An alarm event's path: no history record (an alarm is its own item), its machine's alarms opened, repeated or repaired by guarded transactions (core/alarms/ingest.ts). */
import type { AlarmMessage } from '#schemas/iot';
import { applyAlarmEvents } from '../alarms/ingest';
import type { KindDeps } from './deps';
import type { MessageKind } from './kind';

/** The alarms kind's deps: the machines' alarms. */
export type AlarmsDeps = KindDeps<'alarms'>;

export const alarms: MessageKind<undefined, AlarmsDeps> = {
  kind: 'alarms',
  recordsProcessed: true,

  historyOf: () => [],

  async applyLatest(device, messages, { deps }) {
    const events = messages.map((m) => m.message as AlarmMessage);
    const masters = await deps.alarms.masterAlarms([...new Set(events.map((m) => m.payload.code))]);
    await applyAlarmEvents(deps.alarms, device, events, masters);
    return undefined;
  },
};
