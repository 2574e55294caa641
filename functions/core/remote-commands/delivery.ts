/**
 * How a command reaches its machine and comes back: publish on `vend/{serial}/commands` (QoS 1), the
 * device's acknowledgements on `commands/ack`, and the sweep that sends scheduled commands at their time,
 * publishes unanswered ones again (bounded) and expires those that never finish. Every transition is
 * conditional on the state read, so an acknowledgement and the sweep never both win.
 */
import type { CommandAckMessage, CommandMessage } from '#schemas/iot';
import { COMMAND_RESULT, COMMAND_STATUS, CommandId, finalStatusOf, PENDING_STATUSES } from '#schemas/remote-command';
import type { CommandPublisher, CommandSettings, RemoteCommandRepository, StoredCommand } from './ports';

export interface DeliveryDeps {
  remoteCommands: RemoteCommandRepository;
  commandPublisher: CommandPublisher;
  commandSettings: CommandSettings;
  now: () => string;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();
const later = (at: string, seconds: number) => iso(Date.parse(at) + seconds * 1000);

export { timeOrderedId as newCommandId, timeOrderedIdBound as commandIdBound } from '../shared/time-ordered-id';

export const commandTopic = (serial: string) => `vend/${serial}/commands`;

export const isPending = (c: Pick<StoredCommand, 'status'>) => PENDING_STATUSES.includes(c.status);

/** The message a device gets: an envelope (DESIGN §6) with the command's id, type and parameters. */
/** What a command's message is made of. */
type CommandContent = Pick<StoredCommand, 'id' | 'serial' | 'type' | 'params'>;

export function commandMessage(c: CommandContent, attempt: number, sentAt: string): string {
  const message: CommandMessage = {
    messageId: `${c.id}-a${attempt}`,
    serial: c.serial,
    sentAt,
    type: 'command',
    payload: { commandId: c.id, commandType: c.type, params: c.params, attempt },
  };
  return JSON.stringify(message);
}

/** The size of the command's message (spec §5: at most 64 KB cloud → device), whichever attempt carries it. */
export function messageBytes(c: CommandContent & Pick<StoredCommand, 'createdAt'>): number {
  return Buffer.byteLength(commandMessage(c, 99, c.createdAt), 'utf8');
}

/**
 * Claims the next attempt (conditional on the state read) and publishes it; the next look is a retry
 * window later. Undefined when someone else moved the command first. A failed publish throws.
 */
export async function deliver(deps: DeliveryDeps, c: StoredCommand): Promise<StoredCommand | undefined> {
  const now = deps.now();
  const changes = { attempts: c.attempts + 1, startAt: c.startAt ?? now, dueAt: later(now, deps.commandSettings.retryAfterSeconds) };
  if (!(await deps.remoteCommands.advance(c, c, changes))) return undefined;
  const sent = { ...c, ...changes };
  await deps.commandPublisher.publish(commandTopic(c.serial), commandMessage(sent, sent.attempts, now));
  return sent;
}

/** Ends a pending command with a result (and the status it gives, unless told); the lock of its type is released in the same transaction. */
export async function finishCommand(
  deps: Pick<DeliveryDeps, 'remoteCommands' | 'now'>,
  c: StoredCommand,
  expected: StoredCommand | 'pending',
  result: number,
  message: string | null,
  status = finalStatusOf(result),
) {
  const outcome = { status, result, message, endAt: deps.now() };
  return (await deps.remoteCommands.finish(c, expected, outcome)) ? { ...c, ...outcome, dueAt: null } : undefined;
}

export type AckOutcome = 'finished' | 'running' | 'ignored';

/**
 * A device's acknowledgement: `received`/`running` moves a sent command to running (it then has until
 * start + expireAfterSeconds to finish), a `result` ends it. Acks of unknown, unsent or finished commands
 * (repeats: QoS 1 delivers at least once) change nothing.
 */
/**
 * What an acknowledgement needs: no publisher, the registry lookup of the acknowledging serial (`fresh`: the
 * registry itself; otherwise it may be a read of a few seconds ago, kept per warm function) and, when
 * something follows a command's outcome (the prices a send-prices command carried), what to do before the
 * command ends: it runs again if the ack is delivered again because ending failed, so it must be idempotent.
 */
export type AckDeps = Omit<DeliveryDeps, 'commandPublisher'> & {
  merchantOf: (serial: string, fresh?: boolean) => Promise<string | undefined>;
  beforeCommandEnds?: (command: StoredCommand, result: number) => Promise<void>;
};

/**
 * The pending command an acknowledgement names. The machine is resolved once for the command's acks (a kept
 * lookup); a command not under the kept merchant is looked for again under the registry's own answer, so a
 * machine that changed merchant meanwhile loses no acknowledgement.
 */
async function acknowledgedCommand(deps: AckDeps, serial: string, commandId: string): Promise<StoredCommand | undefined> {
  const merchantId = await deps.merchantOf(serial);
  if (!merchantId) return undefined;
  const c = await deps.remoteCommands.get(merchantId, serial, commandId);
  if (c) return c;
  const now = await deps.merchantOf(serial, true);
  return now && now !== merchantId ? deps.remoteCommands.get(now, serial, commandId) : undefined;
}

export async function acknowledgeCommand(deps: AckDeps, ack: CommandAckMessage): Promise<AckOutcome> {
  const { commandId, result, message } = ack.payload;
  if (!CommandId.safeParse(commandId).success) return 'ignored';
  const c = await acknowledgedCommand(deps, ack.serial, commandId);
  if (!c || !isPending(c) || c.attempts === 0) return 'ignored';
  if (result !== undefined) {
    await deps.beforeCommandEnds?.(c, result);
    return (await finishCommand(deps, c, 'pending', result, message ?? null)) ? 'finished' : 'ignored';
  }
  if (c.status === COMMAND_STATUS.running) return 'ignored';
  const dueAt = later(c.startAt ?? deps.now(), deps.commandSettings.expireAfterSeconds);
  return (await deps.remoteCommands.advance(c, 'pending', { status: COMMAND_STATUS.running, dueAt })) ? 'running' : 'ignored';
}

export interface CommandSweepOutcome {
  sent: number;
  expired: number;
  retriesExceeded: number;
  failed: number;
}

/** Commands looked at per sweep run (oldest due first; the rest wait for the next run). */
export const SWEEP_BATCH = 200;

/** One run of the delivery sweep over the commands due now. */
export async function sweepCommands(deps: DeliveryDeps): Promise<CommandSweepOutcome> {
  const outcome: CommandSweepOutcome = { sent: 0, expired: 0, retriesExceeded: 0, failed: 0 };
  const due = await deps.remoteCommands.due(deps.now(), SWEEP_BATCH);
  for (const c of due) {
    if (c.status === COMMAND_STATUS.running) {
      if (await finishCommand(deps, c, c, COMMAND_RESULT.expired, 'no result in time')) outcome.expired++;
    } else if (c.attempts >= deps.commandSettings.maxAttempts) {
      if (await finishCommand(deps, c, c, COMMAND_RESULT.retriesExceeded, 'no answer from the device')) outcome.retriesExceeded++;
    } else {
      try {
        if (await deliver(deps, c)) outcome.sent++;
      } catch (error) {
        // Stays due: the next run publishes it again, within maxAttempts.
        outcome.failed++;
        deps.log?.('warn', 'remote command publish failed', { commandId: c.id, serial: c.serial, error });
      }
    }
  }
  return outcome;
}
