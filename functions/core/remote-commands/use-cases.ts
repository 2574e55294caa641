/** The console's remote commands (spec §2 devices remote-commands and the device tab; §4; §5 64 KB; §8). */
import { createHash } from 'node:crypto';
import { MAX_CLOUD_MESSAGE_BYTES } from '#schemas/iot-constants';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import type { Page } from '#schemas/paging';
import {
  COMMAND_RESULT,
  COMMAND_STATUS,
  REMOTE_COMMAND_TYPES,
  type PendingCounts,
  type PosRemoteCommandQuery,
  type RemoteCommand,
  type RemoteCommandCsvQuery,
  type RemoteCommandListQuery,
  type RemoteCommandSend,
  type RemoteCommandType,
} from '#schemas/remote-command';
import { MerchantRequiredException, PosChangedConcurrentlyException, PosNotFoundException } from '../devices/errors';
import type { PosReader } from '../devices/ports';
import { recordChange } from '../audit/change-recorder';
import { requireVisiblePos, requireVisibleRegistration } from '../devices/use-cases';
import { MerchantNotFoundException } from '../merchants/errors';
import { toCsv } from '../shared/csv';
import type { Principal } from '../shared/principal';
import { groupScope } from '../shared/scope';
import { commandMessage, commandTopic, finishCommand, isPending, messageBytes, newCommandId, type DeliveryDeps } from './delivery';
import {
  IdempotencyKeyReusedException,
  InvalidScheduleException,
  MessageTooLargeException,
  RemoteCommandExportTooLargeException,
  RemoteCommandNotFoundException,
  RemoteCommandNotPendingException,
  RemoteCommandPendingException,
  RemoteCommandPosNotFoundException,
  RemoteCommandSendException,
} from './errors';
import type { CommandFilter, RegistrationLookup, StoredCommand } from './ports';
import { emptyPage, pageOf } from '../shared/page';

/**
 * What the console's use cases need; sending also publishes (SendDeps), so only it bundles the IoT client. The
 * machine's commands list (the device tab polls it while a command runs) resolves the machine through
 * `registrations` when given (kept a few seconds); sends and cancels read the registry itself.
 */
export interface RemoteCommandDeps extends Omit<DeliveryDeps, 'commandPublisher'> {
  pos: PosReader;
  registrations?: RegistrationLookup;
}
export type SendDeps = RemoteCommandDeps & Pick<DeliveryDeps, 'commandPublisher'>;

/** How far ahead a command may be scheduled. */
export const MAX_SCHEDULE_DAYS = 365;
/** How long a retried POST with the same Idempotency-Key answers the first command. */
export const IDEMPOTENCY_HOURS = 24;
export const MAX_COMMAND_EXPORT = 5_000;

const view = ({ dueAt: _, ...command }: StoredCommand): RemoteCommand => command;
const sliceOf = (q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string }) => ({
  offset: (q.page - 1) * q.size,
  limit: q.size,
  ordType: q.ordType,
  cursor: q.cursor,
});
const canonical = (at: string | undefined) => (at ? new Date(at).toISOString() : undefined);

/** A machine the caller may see; spec §8 names its own message for a send to an unknown one. */
async function commandTarget(deps: Pick<RemoteCommandDeps, 'pos'>, principal: Principal, serial: string) {
  try {
    return (await requireVisiblePos(deps, principal, serial)).record;
  } catch (error) {
    if (error instanceof PosNotFoundException) throw new RemoteCommandPosNotFoundException();
    throw error;
  }
}

/**
 * POST /remote-commands/send: stores the command with the lock of its type (one pending command of a type
 * per machine, atomically) and, unless scheduled later, publishes it at once. With an idempotency key a
 * retried POST answers the command the first one made. `beforePublish` records what the command is for
 * (e.g. the prices it sends) once it is stored and before the device can answer; when it fails, the command
 * ends not executed and its error is thrown.
 */
export async function sendCommand(
  deps: SendDeps,
  principal: Principal,
  body: RemoteCommandSend,
  idempotencyKey?: string,
  beforePublish?: (command: RemoteCommand) => Promise<void>,
): Promise<RemoteCommand> {
  const record = await commandTarget(deps, principal, body.serial);
  const now = deps.now();
  const nowMs = Date.parse(now);
  const scheduledMs = body.scheduledAt ? Date.parse(body.scheduledAt) : undefined;
  if (scheduledMs !== undefined && scheduledMs > nowMs + MAX_SCHEDULE_DAYS * 86_400_000) throw new InvalidScheduleException(MAX_SCHEDULE_DAYS);
  // A time that has passed (e.g. while the user read the summary) means now.
  const scheduledAt = scheduledMs !== undefined && scheduledMs > nowMs ? new Date(scheduledMs).toISOString() : null;
  const sendNow = scheduledAt === null;
  const command: StoredCommand = {
    id: newCommandId(now),
    serial: record.serial,
    posName: record.name,
    merchantId: record.merchantId,
    groupId: record.groupId,
    type: body.type,
    params: body.params,
    status: COMMAND_STATUS.scheduled,
    result: null,
    message: null,
    createdAt: now,
    createdBy: principal.email,
    scheduledAt,
    // Sent now: stored as its first attempt, published right after; the sweep looks again after a retry
    // window (and so sends it should this request die before publishing).
    startAt: sendNow ? now : null,
    endAt: null,
    attempts: sendNow ? 1 : 0,
    dueAt: scheduledAt ?? new Date(nowMs + deps.commandSettings.retryAfterSeconds * 1000).toISOString(),
  };
  const bytes = messageBytes(command);
  if (bytes > MAX_CLOUD_MESSAGE_BYTES) throw new MessageTooLargeException(bytes, MAX_CLOUD_MESSAGE_BYTES);

  const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const idempotency = idempotencyKey
    ? { userId: principal.userId, key: idempotencyKey, requestHash, expiresAt: new Date(nowMs + IDEMPOTENCY_HOURS * 3_600_000).toISOString() }
    : undefined;
  const created = await deps.remoteCommands.create(command, idempotency);
  if (created.kind === 'pending') throw new RemoteCommandPendingException();
  if (created.kind === 'pos-missing') throw new RemoteCommandPosNotFoundException();
  if (created.kind === 'moved') throw new PosChangedConcurrentlyException();
  if (created.kind === 'replay') {
    if (created.requestHash !== requestHash || !created.command) throw new IdempotencyKeyReusedException();
    return view(created.command);
  }
  recordChange('remoteCommand', command.id, undefined, command);
  if (beforePublish) {
    try {
      await beforePublish(view(command));
    } catch (error) {
      await finishCommand(deps, command, 'pending', COMMAND_RESULT.unspecifiedError, 'send error', COMMAND_STATUS.notExecuted);
      throw error;
    }
  }
  if (sendNow) {
    try {
      await deps.commandPublisher.publish(commandTopic(command.serial), commandMessage(command, 1, now));
    } catch (error) {
      deps.log?.('error', 'remote command publish failed', { commandId: command.id, serial: command.serial, error });
      // Never reached the device: not executed, whatever the device would have answered.
      await finishCommand(deps, command, 'pending', COMMAND_RESULT.unspecifiedError, 'send error', COMMAND_STATUS.notExecuted);
      throw new RemoteCommandSendException();
    }
  }
  return view(command);
}

/** POST /remote-commands/pos/{id}/{commandId}/cancel: a scheduled or running command ends as cancelled by user (-3). */
export async function cancelCommand(deps: RemoteCommandDeps, principal: Principal, serial: string, id: string): Promise<RemoteCommand> {
  const { merchantId } = await requireVisibleRegistration(deps, principal, serial);
  const command = await deps.remoteCommands.get(merchantId, serial, id);
  if (!command) throw new RemoteCommandNotFoundException();
  if (!isPending(command)) throw new RemoteCommandNotPendingException();
  const cancelled = await finishCommand(deps, command, 'pending', COMMAND_RESULT.cancelledByUser, `cancelled by ${principal.email}`);
  if (!cancelled) throw new RemoteCommandNotPendingException();
  recordChange('remoteCommand', id, command, cancelled);
  return view(cancelled);
}

/**
 * The machine of a commands list the caller may see, resolved through the kept lookup when there is one: a machine
 * deleted or moved out of the caller's scope is served as it was for at most the lookup's lifetime; a refusal is
 * checked again against the registry itself, so a machine that came into the caller's scope shows at once.
 */
async function readableRegistration(deps: RemoteCommandDeps, principal: Principal, serial: string) {
  const lookup = deps.registrations;
  if (!lookup) return requireVisibleRegistration(deps, principal, serial);
  try {
    return await requireVisibleRegistration({ pos: { registration: lookup.cached } }, principal, serial);
  } catch (error) {
    if (!(error instanceof PosNotFoundException)) throw error;
    return requireVisibleRegistration({ pos: { registration: lookup.fresh } }, principal, serial);
  }
}

/** Of one merchant, what the caller may read: everything, or a group admin's groups. */
function merchantFilter(principal: Principal, merchantId: string, q: { type?: number; status?: number; from?: string; to?: string }): CommandFilter {
  if (merchantId === ALL_DISTRIBUTORS_ID && principal.allMerchants) throw new MerchantRequiredException();
  const scope = groupScope(principal, merchantId);
  if (scope.kind === 'none') throw new MerchantNotFoundException();
  return { type: q.type, status: q.status, from: canonical(q.from), to: canonical(q.to), ...(scope.kind === 'groups' ? { groupIds: scope.groupIds } : {}) };
}

/** GET /remote-commands: a merchant's commands (or one machine's, with `serial`), newest first. */
export async function listCommands(deps: RemoteCommandDeps, principal: Principal, q: RemoteCommandListQuery): Promise<Page<RemoteCommand>> {
  const filter = merchantFilter(principal, q.merchantId, q);
  if (q.serial) {
    if ((await readableRegistration(deps, principal, q.serial)).merchantId !== q.merchantId) throw new PosNotFoundException();
    // A machine the caller sees: all its commands, whichever group it was in when they were sent.
    return posPage(deps, q.merchantId, q.serial, { ...filter, groupIds: undefined }, q);
  }
  if (filter.groupIds?.length === 0) return emptyPage(q);
  const [slice, total] = await Promise.all([
    deps.remoteCommands.listMerchant(q.merchantId, filter, sliceOf(q)),
    deps.remoteCommands.countMerchant(q.merchantId, filter),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map(view) }, total);
}

async function posPage(
  deps: RemoteCommandDeps,
  merchantId: string,
  serial: string,
  filter: CommandFilter,
  q: PosRemoteCommandQuery,
): Promise<Page<RemoteCommand>> {
  const [slice, total] = await Promise.all([
    deps.remoteCommands.listPos(merchantId, serial, filter, sliceOf(q)),
    deps.remoteCommands.countPos(merchantId, serial, filter),
  ]);
  return pageOf(q, { ...slice, items: slice.items.map(view) }, total);
}

/** GET /remote-commands/pos/{id}: one machine's commands (the device tab), newest first. */
export async function listPosCommands(deps: RemoteCommandDeps, principal: Principal, serial: string, q: PosRemoteCommandQuery): Promise<Page<RemoteCommand>> {
  const { merchantId } = await readableRegistration(deps, principal, serial);
  return posPage(deps, merchantId, serial, { type: q.type, status: q.status }, q);
}

/** GET /remote-commands/pending-counts: pending commands per listed machine of the merchant; machines the caller cannot see are left out. */
export async function pendingCounts(deps: RemoteCommandDeps, principal: Principal, merchantId: string, serials: readonly string[]): Promise<PendingCounts> {
  const filter = merchantFilter(principal, merchantId, {});
  let visible = serials;
  if (filter.groupIds) {
    const groups = filter.groupIds;
    const registrations = await Promise.all(visible.map((s) => deps.pos.registration(s)));
    visible = visible.filter((_, i) => {
      const r = registrations[i];
      return r?.merchantId === merchantId && r.groupId !== null && groups.includes(r.groupId);
    });
  }
  return { counts: visible.length ? await deps.remoteCommands.pendingCounts(merchantId, visible) : {} };
}

const CSV_COLUMNS = [
  'id',
  'serial',
  'posName',
  'type',
  'typeName',
  'status',
  'result',
  'message',
  'createdAt',
  'createdBy',
  'scheduledAt',
  'startAt',
  'endAt',
  'attempts',
] as const;

/** GET /remote-commands/csv: the list's selection as CSV (at most MAX_COMMAND_EXPORT rows). */
export async function commandsCsv(deps: RemoteCommandDeps, principal: Principal, q: RemoteCommandCsvQuery): Promise<string> {
  const filter = merchantFilter(principal, q.merchantId, q);
  let rows: StoredCommand[] = [];
  if (q.serial) {
    if ((await requireVisibleRegistration(deps, principal, q.serial)).merchantId !== q.merchantId) throw new PosNotFoundException();
    rows = (
      await deps.remoteCommands.listPos(
        q.merchantId,
        q.serial,
        { ...filter, groupIds: undefined },
        { offset: 0, limit: MAX_COMMAND_EXPORT + 1, ordType: 'desc' },
      )
    ).items;
  } else if (filter.groupIds?.length !== 0) {
    rows = await deps.remoteCommands.listAllMerchant(q.merchantId, filter, MAX_COMMAND_EXPORT);
  }
  if (rows.length > MAX_COMMAND_EXPORT) throw new RemoteCommandExportTooLargeException(MAX_COMMAND_EXPORT);
  return toCsv(
    CSV_COLUMNS,
    rows.map((c) => ({ ...c, typeName: REMOTE_COMMAND_TYPES[c.type as RemoteCommandType] })),
  );
}
