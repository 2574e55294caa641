/**
 * How a simulated machine executes remote commands (spec §4 types 1–19): it acknowledges `received` and
 * `running` at once, does something a real machine would (publishes an audit, its configuration, a
 * recharge, goes offline and back…) and answers a result: 0 success, 3 warning, 2 error, or 1 "id not
 * supported" for types its device type lacks. A repeated delivery (a cloud retry) is answered with the
 * outcome of the first, never executed twice.
 */
import * as z from 'zod/mini';
import { CASH_DEVICE_TYPES } from '#schemas/collections';
import { COMMAND_RESULTS, CommandMessage, type CommandAckPayload } from '#schemas/iot';
import type { RemoteCommandType } from '#schemas/remote-command';
import type { SaleTransaction } from '#schemas/iot';
import { deliveryOf, fetchFirmware } from './simulated-firmware';

/** What the executor needs of a simulated device (simulator.ts SimulatedDevice). */
export interface CommandTarget {
  serial: string;
  client: { stream: { destroy(): void }; once(event: 'connect', listener: () => void): unknown };
  publishRaw(topic: string, payload: string): Promise<void>;
  /** The machine's EVA-DTS counters, when it plays sales (startFleet). */
  book?: { text(serial: string, readAt: string): string; tubeValue(): number };
  /** Active alarms to publish again on "read alarms", when the simulator plays alarms. */
  activeAlarms?: () => object[];
  /** What a machine with a planogram holds: "read audit plus product refill" fills it up (simulated-stock.ts). */
  stock?: { refill(): void };
  /** The price lists "send prices" replaces (simulated-prices.ts), when the simulator plays them. */
  prices?: { apply(prices: ReadonlyArray<{ line: string | number; priceTable: number; value: number }>): void };
  /** The firmware it runs, as its pings report it (set once an update installs). */
  firmwareVersion?: string;
  /** A machine told to fail its firmware updates (simulated-firmware.ts). */
  failFirmware?: boolean;
  /** Settings it runs beyond the defaults (a VP configuration it was sent before the simulator started). */
  startConfig?: Record<string, string>;
}

interface Builders {
  newMessageId(prefix: string): string;
  auditMessage(serial: string, o: { readAt: string; origin: number; dex?: string }): object;
  configMessage(serial: string, values: Record<string, string>): object;
  telemetryMessage(serial: string, o: { firmwareVersion?: string }): object;
  salesMessage(serial: string, transactions: SaleTransaction[]): object;
  saleTransaction(o: Partial<SaleTransaction>): SaleTransaction;
  defaultConfig: Readonly<Record<string, string>>;
}

/** Types a cash-handling machine lacks, and types a vending machine lacks (cash databases, cash accountability). */
const NOT_ON_CASH: readonly RemoteCommandType[] = [3, 11, 12];
const NOT_ON_VENDING: readonly RemoteCommandType[] = [16, 19];
/** MDB level 2 money is 16 bit: external credit above 655.35 is refused by the cashless device. */
const MDB_MAX_CREDIT = 65_535;
const RESTART_SETTLE_MS = 200;

export function supports(serial: string, type: number): boolean {
  const cash = (CASH_DEVICE_TYPES as readonly string[]).includes(serial.split('-')[0]!);
  return type >= 1 && type <= 19 && !(cash ? NOT_ON_CASH : NOT_ON_VENDING).includes(type as RemoteCommandType);
}

type Outcome = Pick<CommandAckPayload, 'result' | 'message'>;
type State = { config: Record<string, string>; firmware: string; outcomes: Map<string, Outcome | 'running'> };

const states = new WeakMap<CommandTarget, State>();
const iso = () => new Date().toISOString();
const money = (minor: number) => (minor / 100).toFixed(2);

export function commandExecutor(build: Builders) {
  const stateOf = (d: CommandTarget): State => {
    let s = states.get(d);
    if (!s) states.set(d, (s = { config: { ...build.defaultConfig, ...d.startConfig }, firmware: d.firmwareVersion ?? '3.4.1+112', outcomes: new Map() }));
    return s;
  };
  const send = (d: CommandTarget, kind: string, message: object) => d.publishRaw(`vend/${d.serial}/${kind}`, JSON.stringify(message));
  const ack = (d: CommandTarget, payload: CommandAckPayload) =>
    send(d, 'commands/ack', { messageId: build.newMessageId('ak'), serial: d.serial, sentAt: iso(), type: 'commands/ack', payload });
  const ok = (message?: string): Outcome => ({ result: COMMAND_RESULTS.success, ...(message ? { message } : {}) });
  const audit = (d: CommandTarget, origin: number) => {
    const readAt = iso();
    return send(d, 'audit', build.auditMessage(d.serial, { readAt, origin, ...(d.book ? { dex: d.book.text(d.serial, readAt) } : {}) }));
  };
  /** The firmware reports of a rollout's command (none for a command without `rolloutId`). */
  const reporter =
    (d: CommandTarget, rolloutId: unknown) =>
    async (state: string, extra: { reason?: string; version?: string } = {}): Promise<void> => {
      if (typeof rolloutId !== 'string') return;
      await send(d, 'firmware', {
        messageId: build.newMessageId('fw'),
        serial: d.serial,
        sentAt: iso(),
        type: 'firmware',
        payload: { rolloutId, state, ...extra },
      });
    };
  const reportConfig = (d: CommandTarget, s: State) => send(d, 'config', build.configMessage(d.serial, { ...s.config }));
  /** The telemetry board restarts: the connection drops and comes back (the client reconnects), then it pings its firmware. */
  const restart = async (d: CommandTarget, s: State) => {
    await new Promise<void>((resolve) => {
      d.client.once('connect', resolve);
      d.client.stream.destroy();
    });
    await new Promise((r) => setTimeout(r, RESTART_SETTLE_MS));
    await send(d, 'telemetry', build.telemetryMessage(d.serial, { firmwareVersion: s.firmware }));
  };

  async function run(d: CommandTarget, s: State, type: number, params: Record<string, unknown>): Promise<Outcome> {
    switch (type) {
      case 1:
        await audit(d, 3);
        return ok();
      case 2: {
        const alarms = d.activeAlarms?.() ?? [];
        for (const alarm of alarms) await send(d, 'alarms', alarm);
        return ok(`${alarms.length} active alarms sent`);
      }
      case 4:
        await restart(d, s);
        return ok('restarted');
      case 6: {
        const amount = Number(params.amount);
        if (amount > MDB_MAX_CREDIT) return { result: COMMAND_RESULTS.unspecifiedError, message: `credit above the cashless limit (${money(MDB_MAX_CREDIT)})` };
        await send(
          d,
          'sales',
          build.salesMessage(d.serial, [
            build.saleTransaction({ type: 12, mediaType: 25, value: amount, line: 0, productCode: 'CREDIT', priceTable: 1, createdAt: iso() }),
          ]),
        );
        return ok(`credit ${money(amount)} added`);
      }
      case 8: {
        const amount = Number(params.amount);
        const tubes = d.book?.tubeValue() ?? 2_000;
        return amount > tubes
          ? { result: COMMAND_RESULTS.unspecifiedWarning, message: `returned only ${money(tubes)}: tubes empty` }
          : ok(`returned ${money(amount)}`);
      }
      case 9:
        await send(d, 'telemetry', build.telemetryMessage(d.serial, { firmwareVersion: s.firmware }));
        return ok();
      case 10:
        await reportConfig(d, s);
        return ok();
      case 11:
        d.stock?.refill();
        await audit(d, 4);
        return ok();
      case 12: {
        const prices = params.prices as Array<{ line: string | number; priceTable: number; value: number }>;
        d.prices?.apply(prices);
        return ok(`${prices.length} prices set`);
      }
      case 7:
        // A screen configuration: the machine fetches it by id and reports which one its screen shows.
        s.config = { ...s.config, 'screen.configurationId': String(params.configurationId) };
        await reportConfig(d, s);
        return ok(`screen configuration ${String(params.configurationId)} applied`);
      case 13: {
        const values = params.values as Record<string, string>;
        s.config = { ...s.config, ...values };
        // Its configuration report carries the VP configuration's id and version (vp.id, vp.version) when it is one.
        await reportConfig(d, s);
        return ok(values['vp.id'] ? `VP configuration ${values['vp.id']} version ${values['vp.version']} applied` : undefined);
      }
      case 14:
      case 17: {
        const version = String(params.version);
        const delivery = deliveryOf(params);
        // A rollout's command names it: the machine reports each state on `vend/{serial}/firmware`.
        const report = reporter(d, params.rolloutId);
        if (type === 14 && version === s.firmware) {
          await report('updated', { version });
          return { result: COMMAND_RESULTS.unspecifiedWarning, message: `firmware ${version} already installed` };
        }
        if (delivery) {
          // Through the link: downloaded, checked, then installed by a restart that reports the new version.
          await report('downloading');
          const refused = await fetchFirmware(d.serial, delivery, d.failFirmware);
          if (refused) {
            await report('failed', { reason: refused });
            return { result: COMMAND_RESULTS.unspecifiedError, message: refused };
          }
          await report('downloaded');
          await report('verified');
          await report('updating');
          if (type === 17) {
            // A peripheral is flashed by the board, which does not restart: its version is the peripheral's.
            await report('updated', { version });
            return ok(`${String(params.peripheral)} firmware ${version} installed`);
          }
          s.firmware = d.firmwareVersion = version;
          await restart(d, s);
          await report('updated', { version });
          return ok(`firmware ${version} installed`);
        }
        if (type === 17) return ok(`${String(params.peripheral)} firmware ${version} installed`);
        s.firmware = d.firmwareVersion = version;
        await send(d, 'telemetry', build.telemetryMessage(d.serial, { firmwareVersion: version }));
        return ok(`firmware ${version} installed`);
      }
      case 15:
        s.config = { ...build.defaultConfig };
        await reportConfig(d, s);
        return ok();
      default:
        return ok();
    }
  }

  /** Handles one message on `vend/{serial}/commands`. */
  return async function execute(d: CommandTarget, payload: Buffer): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const command = z.safeParse(CommandMessage, parsed);
    if (!command.success) {
      const commandId = (parsed as { payload?: { commandId?: unknown } })?.payload?.commandId;
      if (typeof commandId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(commandId))
        await ack(d, { commandId, result: COMMAND_RESULTS.idNotSupported, message: 'id not supported' });
      return;
    }
    const { commandId, commandType, params } = command.data.payload;
    const s = stateOf(d);
    const seen = s.outcomes.get(commandId);
    if (seen === 'running') return;
    if (seen) return ack(d, { commandId, ...seen });
    if (!supports(d.serial, commandType)) {
      const outcome = { result: COMMAND_RESULTS.idNotSupported, message: 'id not supported' };
      s.outcomes.set(commandId, outcome);
      return ack(d, { commandId, ...outcome });
    }
    s.outcomes.set(commandId, 'running');
    await ack(d, { commandId, status: 'received' });
    await ack(d, { commandId, status: 'running' });
    let outcome: Outcome;
    try {
      outcome = await run(d, s, commandType, params);
    } catch (error) {
      outcome = { result: COMMAND_RESULTS.unspecifiedError, message: String((error as Error)?.message ?? error).slice(0, 200) };
    }
    s.outcomes.set(commandId, outcome);
    await ack(d, { commandId, ...outcome });
  };
}
