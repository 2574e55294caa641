/**
 * Alarm notifications (issue 21). The sender turns each alarm event of the outbox into one e-mail per recipient, in
 * the recipient's language, at most once per event and user (the log entry is claimed before sending), and keeps
 * floods out: a machine flapping within FLAP_WINDOW_MS notifies once, and past DIGEST_LIMIT e-mails in a window a
 * user's further ones wait for one digest at the window's end. A failed send is tried again (the event comes back)
 * up to MAX_SEND_ATTEMPTS, then kept in the log as failed.
 */
import type { Notification, NotificationFilters, NotificationListQuery } from '#schemas/notification';
import { DIGEST_LIMIT, DIGEST_WINDOW_MS, FLAP_WINDOW_MS, MAX_SEND_ATTEMPTS, NOTIFY_MAX_AGE_MS, UNSUBSCRIBE_LINK_DAYS } from '#schemas/notification-constants';
import type { Page } from '#schemas/paging';
import { alarmId } from '../alarms/model';
import { MerchantNotFoundException } from '../merchants/errors';
import { toCsv } from '../shared/csv';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import type { User } from '../users/user';
import { InvalidUnsubscribeLinkException, UnsubscribeLinkExpiredException } from './errors';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './link-token';
import { mayBeTold, recipientIds, windowOf } from './model';
import type { AlarmEvent, Digests, FlapMarks, Mailer, NotificationLog, NotificationLookups, NotificationSwitch, SendCounter } from './ports';
import { alarmMail, digestMail, merchantTime, type Mail } from './templates';
import { recordCaller } from '../audit/change-recorder';
import { AUDIT_TRAIL_PLATFORM_MERCHANT } from '#schemas/audit-constants';

export interface SenderDeps {
  lookups: NotificationLookups;
  notifications: NotificationLog;
  flaps: FlapMarks;
  sends: SendCounter;
  digests: Digests;
  mailer: Mailer;
  /** The stage's key for unsubscribe links (a secret of the stage). */
  linkKey: string;
  /** The console's origin: links in e-mails. */
  consoleUrl: string;
  nowMs: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** 'retry': a send failed and may succeed later, so the event must come again. */
export type EventOutcome = { sent: number; retry: boolean };

const unsubscribeLink = (deps: SenderDeps, userId: string) =>
  `${deps.consoleUrl}/notifications/unsubscribe?token=${signUnsubscribeToken(deps.linkKey, userId, deps.nowMs() + UNSUBSCRIBE_LINK_DAYS * 86_400_000)}`;

/** The log's key of an entry: its time first, so the log reads by time. */
const entryId = (at: string, serial: string, ref: string, kind: string, userId: string) =>
  Buffer.from(`${at}#${serial}#${ref}#${kind}#${userId}`, 'utf8').toString('base64url');

/** Sends (once) what this e-mail entry says, or records why not; answers whether it must be tried again. */
type SendOutcome = 'sent' | 'retry' | 'failed';

async function attempt(deps: SenderDeps, entry: Notification, mail: Mail): Promise<SendOutcome> {
  const attempts = entry.attempts + 1;
  try {
    await deps.mailer.send(entry.email, mail);
    await deps.notifications.record({ ...entry, status: 'delivered', reason: null, attempts, sentAt: new Date(deps.nowMs()).toISOString() });
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 300) : 'send failed';
    const final = attempts >= MAX_SEND_ATTEMPTS;
    await deps.notifications.record({ ...entry, status: final ? 'failed' : 'pending', reason, attempts });
    deps.log?.(final ? 'error' : 'warn', final ? 'alarm notification kept aside after every attempt' : 'alarm notification send failed; it is tried again', {
      id: entry.id,
      attempts,
      reason,
    });
    return final ? 'failed' : 'retry';
  }
}

export async function notifyAlarmEvent(deps: SenderDeps, e: AlarmEvent): Promise<EventOutcome> {
  const { lookups } = deps;
  if (deps.nowMs() - Date.parse(e.at) > NOTIFY_MAX_AGE_MS) return { sent: 0, retry: false };
  const [merchant, settings, machine] = await Promise.all([
    lookups.merchant(e.merchantId),
    lookups.settings(e.merchantId),
    lookups.machine(e.merchantId, e.serial),
  ]);
  if (!merchant || !machine) return { sent: 0, retry: false };
  const ids = recipientIds(settings, e, machine.groupId);
  if (ids.length === 0) return { sent: 0, retry: false };
  const users = (await lookups.users(ids)).filter((u) => mayBeTold(u, e.merchantId, machine.groupId));
  if (users.length === 0) return { sent: 0, retry: false };

  const [groupName, clientName] = await Promise.all([
    machine.groupId ? lookups.groupName(e.merchantId, machine.groupId) : undefined,
    machine.clientId ? lookups.clientName(e.merchantId, machine.clientId) : undefined,
  ]);
  const alarm = alarmId({ createdAt: e.alarmCreatedAt, messageId: e.alarmMessageId });
  const flapping = await isFlapping(deps, e, alarm);
  const facts = {
    merchantName: merchant.name,
    posName: machine.name,
    serial: e.serial,
    groupName: groupName ?? null,
    clientName: clientName ?? null,
    code: e.code,
    message: e.message,
    criticity: e.criticity,
    at: merchantTime(e.at, merchant.timezone),
    link: `${deps.consoleUrl}/devices/${encodeURIComponent(e.serial)}/pos-alarms?alarm=${alarm}`,
  };

  // Recipients are independent (each has its own log entry and digest window): told in parallel.
  const outcomes = await Promise.all(
    users.map(async (user): Promise<SendOutcome | 'skipped'> => {
      const mail = alarmMail(user.language, e.kind, { ...facts, unsubscribeLink: unsubscribeLink(deps, user.id) });
      const claimed = await deps.notifications.claim({
        id: entryId(e.at, e.serial, e.alarmMessageId, e.kind, user.id),
        merchantId: e.merchantId,
        userId: user.id,
        email: user.email,
        language: user.language,
        kind: e.kind,
        status: 'pending',
        reason: null,
        serial: e.serial,
        posName: machine.name,
        code: e.code,
        criticity: e.criticity,
        alarmId: alarm,
        at: e.at,
        attempts: 0,
        sentAt: null,
        subject: mail.subject,
      });
      const entry = claimed.entry;
      if (entry.status !== 'pending') return 'skipped'; // told already (or decided not to be): a repeat of the event
      if (claimed.created && flapping) {
        await deps.notifications.record({ ...entry, status: 'suppressed', reason: 'flapping' });
        return 'skipped';
      }
      if (claimed.created) {
        const window = windowOf(deps.nowMs());
        if ((await deps.sends.countSend(user.id, window)) > DIGEST_LIMIT) {
          await deps.digests.hold(e.merchantId, user.id, window, window + DIGEST_WINDOW_MS, `${facts.at} ${mail.subject}`);
          await deps.notifications.record({ ...entry, status: 'digested', reason: `more than ${DIGEST_LIMIT} in ${DIGEST_WINDOW_MS / 60_000} minutes` });
          return 'skipped';
        }
      }
      return attempt(deps, entry, mail);
    }),
  );
  return { sent: outcomes.filter((o) => o === 'sent').length, retry: outcomes.includes('retry') };
}

/**
 * Raise, clear, raise within FLAP_WINDOW_MS: the second raise notifies nobody (nor does a repair of an alarm open
 * for less than that). Every raise moves the mark, so a machine that keeps flapping notifies once.
 */
async function isFlapping(deps: SenderDeps, e: AlarmEvent, alarm: string): Promise<boolean> {
  if (e.kind === 'repaired') return Date.parse(e.at) - Date.parse(e.alarmCreatedAt) < FLAP_WINDOW_MS;
  const previous = await deps.flaps.recordRaise(e.merchantId, e.serial, e.code, alarm, e.alarmCreatedAt);
  return previous !== undefined && Date.parse(e.alarmCreatedAt) - Date.parse(previous) < FLAP_WINDOW_MS;
}

/** Sends the digests whose window ended (the digest sweep); a failed one stays due and is tried on the next run. */
export async function sendDueDigests(deps: SenderDeps, limit = 100): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const d of await deps.digests.due(deps.nowMs(), limit)) {
    const [merchant, [user]] = await Promise.all([deps.lookups.merchant(d.merchantId), deps.lookups.users([d.userId])]);
    if (!merchant || !user || !user.receiveNotifications || !user.merchantIds.includes(d.merchantId)) {
      await deps.digests.done(d);
      continue;
    }
    const windowEnd = new Date(d.windowStart + DIGEST_WINDOW_MS).toISOString();
    const mail = digestMail(user.language, merchant.name, d.lines, d.count, DIGEST_WINDOW_MS / 60_000, unsubscribeLink(deps, user.id));
    const { entry } = await deps.notifications.claim({
      id: entryId(windowEnd, '', 'digest', 'digest', user.id),
      merchantId: d.merchantId,
      userId: user.id,
      email: user.email,
      language: user.language,
      kind: 'digest',
      status: 'pending',
      reason: null,
      serial: '',
      posName: '',
      code: '',
      criticity: 0,
      alarmId: '',
      at: windowEnd,
      attempts: 0,
      sentAt: null,
      subject: mail.subject,
    });
    const outcome = entry.status === 'pending' ? await attempt(deps, entry, mail) : 'sent';
    if (outcome === 'retry') continue;
    if (outcome === 'sent') sent++;
    else failed++;
    await deps.digests.done(d);
  }
  return { sent, failed };
}

// ---------------------------------------------------------------- the log and the user's switch

export interface NotificationLogDeps {
  notifications: NotificationLog;
}

function requireMerchantScope(principal: Principal, merchantId: string): void {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

export async function listNotifications(
  deps: NotificationLogDeps,
  principal: Principal,
  merchantId: string,
  q: NotificationListQuery,
): Promise<Page<Notification>> {
  requireMerchantScope(principal, merchantId);
  const { page, size, ordType, cursor, ord: _ord, ...filters } = q;
  const sel = { merchantId, ...filters };
  const [slice, total] = await Promise.all([
    deps.notifications.list(sel, { offset: (page - 1) * size, limit: size, ordType, cursor }),
    deps.notifications.count(sel),
  ]);
  return pageOf(q, slice, total);
}

/** At most this many entries in one CSV download. */
export const MAX_CSV_NOTIFICATIONS = 5000;
const CSV_COLUMNS = ['at', 'kind', 'status', 'reason', 'email', 'language', 'serial', 'posName', 'code', 'criticity', 'attempts', 'sentAt', 'subject'] as const;

export async function notificationsCsv(deps: NotificationLogDeps, principal: Principal, merchantId: string, q: NotificationFilters): Promise<string> {
  requireMerchantScope(principal, merchantId);
  const rows = await deps.notifications.all({ merchantId, ...q }, MAX_CSV_NOTIFICATIONS);
  return toCsv(CSV_COLUMNS, rows.slice(0, MAX_CSV_NOTIFICATIONS));
}

export interface UnsubscribeDeps {
  users: { get(id: string): Promise<User | undefined> } & NotificationSwitch;
  linkKey: string;
  nowMs: () => number;
}

/** The e-mail's unsubscribe link: a valid, unexpired token turns the user's notifications off. */
export async function unsubscribe(deps: UnsubscribeDeps, token: string): Promise<{ email: string; receiveNotifications: boolean }> {
  const check = verifyUnsubscribeToken(deps.linkKey, token, deps.nowMs());
  if (!check.ok) throw check.reason === 'expired' ? new UnsubscribeLinkExpiredException() : new InvalidUnsubscribeLinkException();
  const user = await deps.users.get(check.userId);
  if (!user) throw new InvalidUnsubscribeLinkException();
  recordCaller('link', user.merchantIds[0] ?? AUDIT_TRAIL_PLATFORM_MERCHANT);
  // The switch's write records its before → after (user-repository.ts).
  const next = user.receiveNotifications ? await deps.users.setNotifications(user.id, false, 'unsubscribed', new Date(deps.nowMs()).toISOString()) : user;
  return { email: next.email, receiveNotifications: next.receiveNotifications };
}

export interface FeedbackDeps {
  users: { idByEmail(email: string): Promise<string | undefined> } & NotificationSwitch;
  now: () => string;
}

/** SES reported a permanent bounce or a complaint: the recipients' notifications go off, with that reason. Unknown addresses are ignored. */
export async function applyDeliveryFeedback(deps: FeedbackDeps, kind: 'bounced' | 'complaint', emails: readonly string[]): Promise<number> {
  let turnedOff = 0;
  for (const email of new Set(emails.map((e) => e.toLowerCase()))) {
    const userId = await deps.users.idByEmail(email);
    if (!userId) continue;
    await deps.users.setNotifications(userId, false, kind, deps.now());
    turnedOff++;
  }
  return turnedOff;
}
