import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../functions/core/notifications/link-token';
import { mayBeTold, recipientIds, settingMatches } from '../../functions/core/notifications/model';
import { alarmMail, digestMail, merchantTime } from '../../functions/core/notifications/templates';
import type { AlarmEvent } from '../../functions/core/notifications/ports';
import type { User } from '../../functions/core/users/user';
import type { AlarmSetting } from '#schemas/alarm';
import { LANGUAGES } from '#schemas/collections';

const NOW = Date.parse('2026-11-28T06:00:00Z');
const event = (over: Partial<AlarmEvent> = {}): AlarmEvent => ({
  merchantId: 'acme',
  serial: 'CENG-00000001',
  code: 'E-JAM',
  criticity: 4,
  message: 'Jam',
  kind: 'raised',
  alarmCreatedAt: '2026-11-28T06:00:00.000Z',
  alarmMessageId: 'al-12345678',
  at: '2026-11-28T06:00:00.000Z',
  ...over,
});
const setting = (over: Partial<AlarmSetting> = {}): AlarmSetting => ({
  id: 's1',
  merchantId: 'acme',
  name: 'S',
  alarmCodes: [],
  userIds: ['u1'],
  criticities: [],
  groupIds: [],
  createdAt: '',
  updatedAt: '',
  ...over,
});
const user = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'u1@example.test',
  role: 'NEBULARMERCHANTUSER',
  language: 'en',
  merchantIds: ['acme'],
  groupIds: [],
  allowLicensing: false,
  receiveNotifications: true,
  invisibleFlags: [],
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('unsubscribe link tokens', () => {
  const key = 'k'.repeat(32);
  it('a token signed with the stage key names its user until it expires', () => {
    const token = signUnsubscribeToken(key, 'u1', NOW + 1000);
    expect(verifyUnsubscribeToken(key, token, NOW)).toEqual({ ok: true, userId: 'u1' });
    expect(verifyUnsubscribeToken(key, token, NOW + 1000)).toEqual({ ok: false, reason: 'expired' });
  });
  it('another key, an altered payload or garbage is invalid', () => {
    const token = signUnsubscribeToken(key, 'u1', NOW + 1000);
    expect(verifyUnsubscribeToken('other', token, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 'u2', e: NOW / 1000 + 1000 })).toString('base64url')}.${signature}`;
    expect(verifyUnsubscribeToken(key, forged, NOW)).toEqual({ ok: false, reason: 'invalid' });
    for (const bad of ['', 'a', 'a.b.c', '.']) expect(verifyUnsubscribeToken(key, bad, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('who is told', () => {
  it('codes (none = all), criticities and groups narrow; a repair only where the setting asks', () => {
    expect(settingMatches(setting(), event(), null)).toBe(true);
    expect(settingMatches(setting({ alarmCodes: ['OTHER'] }), event(), null)).toBe(false);
    expect(settingMatches(setting({ criticities: [2] }), event(), null)).toBe(false);
    expect(settingMatches(setting({ groupIds: ['north'] }), event(), 'north')).toBe(true);
    expect(settingMatches(setting({ groupIds: ['north'] }), event(), null)).toBe(false);
    expect(settingMatches(setting(), event({ kind: 'repaired' }), null)).toBe(false);
    expect(settingMatches(setting({ notifyRepaired: true }), event({ kind: 'repaired' }), null)).toBe(true);
  });
  it('each user once, however many settings name them', () => {
    expect(
      recipientIds([setting({ userIds: ['u1', 'u2'] }), setting({ userIds: ['u2', 'u3'] }), setting({ userIds: ['u4'], alarmCodes: ['X'] })], event(), null),
    ).toEqual(['u1', 'u2', 'u3']);
  });
  it('only users of the merchant with notifications on; a group admin only about its groups’ machines', () => {
    expect(mayBeTold(user(), 'acme', null)).toBe(true);
    expect(mayBeTold(user({ receiveNotifications: false }), 'acme', null)).toBe(false);
    expect(mayBeTold(user({ merchantIds: ['bravo'] }), 'acme', null)).toBe(false);
    const groupAdmin = user({ role: 'NEBULARGROUPADMIN', groupIds: ['north'] });
    expect(mayBeTold(groupAdmin, 'acme', 'north')).toBe(true);
    expect(mayBeTold(groupAdmin, 'acme', 'south')).toBe(false);
    expect(mayBeTold(groupAdmin, 'acme', null)).toBe(false);
  });
});

describe('e-mails', () => {
  const facts = {
    merchantName: 'Acme',
    posName: 'Milano',
    serial: 'CENG-00000001',
    groupName: 'North',
    clientName: null,
    code: 'E-JAM',
    message: 'Jam',
    criticity: 4,
    at: '2026-11-28 07:00 (Europe/Rome)',
    link: 'https://c/x',
    unsubscribeLink: 'https://c/u',
  };
  it('in each of the six languages, with machine, group, alarm, criticity, time and both links', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const mail = alarmMail(language, 'raised', facts);
      subjects.add(mail.subject);
      for (const part of ['Milano', 'CENG-00000001', 'North', 'E-JAM', '2026-11-28 07:00 (Europe/Rome)', 'https://c/x', 'https://c/u'])
        expect(mail.text).toContain(part);
    }
    expect(subjects.size).toBe(LANGUAGES.length);
    expect(digestMail('de', 'Acme', ['a', 'b'], 30, 10, 'https://c/u').text).toContain('… und 28 weitere.');
  });
  it('the time on the merchant’s wall clock', () => {
    expect(merchantTime('2026-11-28T06:00:00.000Z', 'Europe/Rome')).toBe('2026-11-28 07:00 (Europe/Rome)');
    expect(merchantTime('2026-07-01T06:00:00.000Z', 'America/Santiago')).toBe('2026-07-01 02:00 (America/Santiago)');
  });
});
