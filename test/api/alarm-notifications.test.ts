/**
 * Alarm notifications end to end (issue 21): simulated machines raise alarms over MQTT, the alarm transaction leaves
 * an outbox item, the sender (fed by the local stream stand-in) mails the recipients through the local SES into the
 * local outbox. What a recipient reads there, and what administrators read in the notifications log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../infra/local/emulators/cognito';
import { alarmMessage } from '../../infra/local/simulator';
import { DIGEST_LIMIT, MAX_SEND_ATTEMPTS } from '#schemas/notification-constants';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { stack, stackIdle, tokenFor } from './support/stack';
import { createUser } from './support/users';

let superAdmin = '';
const { connect, closeAll } = simulatedDevices();
const iso = (ms: number) => new Date(ms).toISOString();
let codeSeq = 0;
const newCode = (prefix = 'E-NTF') => `${prefix}-${Date.now().toString(36).toUpperCase()}${codeSeq++}`;
const alarmMails = async (email: string) => (await readOutbox(stack.cognito.endpoint, email)).filter((m) => m.source === 'SES');
const logOf = async (merchantId: string, query = '') =>
  (await api(`/merchants/${merchantId}/notifications?size=100${query}`, { token: superAdmin })).body as { items: Array<Record<string, any>>; total: number };

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});
afterAll(async () => {
  await closeAll();
});

/** A merchant with one grouped machine, users of several kinds, and a setting naming them all for `codes`. */
async function fleet(codes: string[], settingExtra: Record<string, unknown> = {}) {
  const { merchantId, groupId, serials } = await newMerchantWithMachines(superAdmin, 1, 'North');
  const other = (await api(`/merchants/${merchantId}/groups`, { method: 'POST', token: superAdmin, body: { name: 'South' } })).body.id as string;
  const user = (overrides: Record<string, unknown>) => createUser(superAdmin, { merchantIds: [merchantId], ...overrides });
  const people = {
    admin: await user({ role: 'NEBULARMERCHANTADMIN', language: 'it' }),
    clerk: await user({ role: 'NEBULARMERCHANTUSER', language: 'de' }),
    northAdmin: await user({ role: 'NEBULARGROUPADMIN', language: 'fr', groupIds: [groupId] }),
    southAdmin: await user({ role: 'NEBULARGROUPADMIN', language: 'es', groupIds: [other] }),
    silent: await user({ role: 'NEBULARMERCHANTUSER', language: 'en', receiveNotifications: false }),
  };
  const setting = await api(`/merchants/${merchantId}/alarm-settings`, {
    method: 'POST',
    token: superAdmin,
    body: { name: 'Everyone', alarmCodes: codes, userIds: Object.values(people).map((p) => p.id), ...settingExtra },
  });
  expect(setting.status, setting.text).toBe(201);
  return { merchantId, serial: serials[0]!, people };
}

describe('alarm notifications', () => {
  it('a raise (repeated, redelivered, ten at once) mails each recipient once in their language; not a group admin of another group, not a user with notifications off', async () => {
    const code = newCode();
    const { merchantId, serial, people } = await fleet([code]);
    const d = await connect(serial);
    const t = Date.now();
    const first = alarmMessage(serial, { code, at: iso(t), criticity: 4, message: 'Coin jam' });
    // The same raise twice (a redelivery) and ten simultaneous raises of the code, shuffled: one alarm.
    const raises = [first, first, ...Array.from({ length: 10 }, (_, i) => alarmMessage(serial, { code, at: iso(t + 1 + i), criticity: 4 }))].sort(
      () => Math.random() - 0.5,
    );
    await Promise.all(raises.map((m) => d.publish('alarms', m)));

    const [adminMail] = await waitFor(async () => {
      const mails = await alarmMails(people.admin.email);
      return mails.length ? mails : undefined;
    }, 'the admin’s e-mail');
    await waitFor(
      async () => ((await logOf(merchantId)).items.filter((e) => e.status === 'delivered').length === 3 ? true : undefined),
      'three e-mails delivered',
    );
    // Nothing more comes for the repeats.
    await stackIdle();
    for (const who of [people.admin, people.clerk, people.northAdmin]) expect(await alarmMails(who.email)).toHaveLength(1);
    expect(await alarmMails(people.southAdmin.email)).toHaveLength(0);
    expect(await alarmMails(people.silent.email)).toHaveLength(0);

    // In the recipient's language, naming machine, group, alarm, criticity, the merchant's time, with a console link.
    expect(adminMail!.subject).toContain(`Allarme ${code} su Ingestion ${serial}`);
    expect(adminMail!.message).toContain(`Macchina: Ingestion ${serial} (${serial})`);
    expect(adminMail!.message).toContain('Gruppo: North');
    expect(adminMail!.message).toContain('Criticità: bloccante');
    expect(adminMail!.message).toMatch(/Ora: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Rome\)/);
    expect(adminMail!.message).toContain(`${stack.web}/devices/${serial}/pos-alarms?alarm=`);
    expect((await alarmMails(people.clerk.email))[0]!.subject).toContain(`Alarm ${code} an Ingestion ${serial}`);
    expect((await alarmMails(people.northAdmin.email))[0]!.subject).toContain(`Alarme ${code} sur Ingestion ${serial}`);

    const log = await logOf(merchantId);
    expect(log.items.map((e) => e.email).sort()).toEqual([people.admin.email, people.clerk.email, people.northAdmin.email].sort());
    expect(log.items.every((e) => e.kind === 'raised' && e.code === code && e.attempts === 1 && e.sentAt)).toBe(true);
  });

  it('a repair notifies only where the setting asks; a machine flapping within minutes notifies once', async () => {
    const code = newCode('E-FLAP');
    const { merchantId, serial, people } = await fleet([code], { notifyRepaired: true });
    const d = await connect(serial);
    const t = Date.now();
    const mailsSoFar = (n: number) => async () => ((await alarmMails(people.admin.email)).length === n ? true : undefined);
    await d.publish('alarms', alarmMessage(serial, { code, at: iso(t - 30 * 60_000) }));
    await waitFor(mailsSoFar(1), 'the raise mailed');
    await d.publish('alarms', alarmMessage(serial, { code, state: 'cleared', at: iso(t - 20 * 60_000) }));
    await waitFor(mailsSoFar(2), 'the repair mailed');
    expect((await alarmMails(people.admin.email))[1]!.subject).toContain(`Allarme ${code} risolto`);
    // A new raise ten minutes later is a new incident; then clear and raise again within minutes: nothing more.
    await d.publish('alarms', alarmMessage(serial, { code, at: iso(t - 10 * 60_000) }));
    await waitFor(mailsSoFar(3), 'the new incident mailed');
    await d.publish('alarms', alarmMessage(serial, { code, state: 'cleared', at: iso(t - 9 * 60_000) }));
    await d.publish('alarms', alarmMessage(serial, { code, at: iso(t - 8 * 60_000) }));
    const suppressed = await waitFor(async () => {
      const items = (await logOf(merchantId, `&userId=${people.admin.id}&status=suppressed`)).items;
      return items.length === 2 ? items : undefined;
    }, 'the flapping repair and raise held back');
    expect(suppressed.map((e) => [e.kind, e.reason]).sort()).toEqual([
      ['raised', 'flapping'],
      ['repaired', 'flapping'],
    ]);
    expect(await alarmMails(people.admin.email)).toHaveLength(3);
  });

  it(`past ${DIGEST_LIMIT} e-mails in the window a user's further ones are held back for one digest`, async () => {
    const codes = Array.from({ length: DIGEST_LIMIT + 3 }, () => newCode('E-FLOOD'));
    const { merchantId, serial, people } = await fleet([]);
    const d = await connect(serial);
    const t = Date.now();
    for (const [i, code] of codes.entries()) await d.publish('alarms', alarmMessage(serial, { code, at: iso(t + i) }));
    // Every raise logged and none pending any more (a held-back one is pending until its digest goes, on the sweep's timer).
    const entries = await waitFor(
      async () => {
        const items = (await logOf(merchantId, `&userId=${people.admin.id}`)).items;
        return items.length === codes.length && items.every((e) => e.status !== 'pending') ? items : undefined;
      },
      'every raise in the log, sent or digested',
      30_000,
    );
    expect(entries.filter((e) => e.status === 'delivered')).toHaveLength(DIGEST_LIMIT);
    expect(entries.filter((e) => e.status === 'digested')).toHaveLength(3);
    expect(await alarmMails(people.admin.email)).toHaveLength(DIGEST_LIMIT);
    expect((await logOf(merchantId, '&status=digested')).items.every((e) => e.reason)).toBe(true);
  });

  it('a failed send is tried again, and kept aside as failed after every attempt; nothing else is lost', async () => {
    const code = newCode('E-FAIL');
    const { merchantId, serial, people } = await fleet([code]);
    const failures = async (email: string, times: number) =>
      expect((await fetch(`${stack.cognito.endpoint}/__local/ses-failures`, { method: 'POST', body: JSON.stringify({ email, times }) })).status).toBe(204);
    await failures(people.admin.email, 2);
    await failures(people.clerk.email, 100);
    const d = await connect(serial);
    await d.publish('alarms', alarmMessage(serial, { code, at: iso(Date.now()) }));
    const delivered = await waitFor(
      async () => (await logOf(merchantId, `&userId=${people.admin.id}&status=delivered`)).items[0],
      'delivered on the third attempt',
      30_000,
    );
    expect(delivered.attempts).toBe(3);
    expect(await alarmMails(people.admin.email)).toHaveLength(1);
    const failed = await waitFor(async () => (await logOf(merchantId, `&userId=${people.clerk.id}&status=failed`)).items[0], 'kept aside as failed', 30_000);
    expect(failed).toMatchObject({ attempts: MAX_SEND_ATTEMPTS, status: 'failed' });
    expect(failed.reason).toContain('fails on purpose');
    expect(await alarmMails(people.clerk.email)).toHaveLength(0);
    expect(await alarmMails(people.northAdmin.email)).toHaveLength(1);
    await failures(people.clerk.email, 0);

    const csv = await api(`/merchants/${merchantId}/notifications/csv?status=failed`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toBe('at,kind,status,reason,email,language,serial,posName,code,criticity,attempts,sentAt,subject');
    expect(csv.text).toContain(people.clerk.email);
    expect(csv.text).not.toContain(people.admin.email);
  });

  it('the e-mail’s unsubscribe link turns notifications off (shown with its reason); a forged link is refused', async () => {
    const code = newCode('E-UNSUB');
    const { serial, people } = await fleet([code]);
    const d = await connect(serial);
    await d.publish('alarms', alarmMessage(serial, { code, at: iso(Date.now()) }));
    const [mail] = await waitFor(async () => {
      const mails = await alarmMails(people.clerk.email);
      return mails.length ? mails : undefined;
    }, 'the e-mail');
    const token = new URL(/https?:\/\/\S+\/notifications\/unsubscribe\?token=\S+/.exec(mail!.message)![0]).searchParams.get('token')!;

    const forged = await api('/notifications/unsubscribe', { method: 'POST', body: { token: `${token.split('.')[0]}.${'A'.repeat(43)}` } });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('InvalidUnsubscribeLinkException');
    expect((await api('/notifications/unsubscribe', { method: 'POST', body: { token: 'nonsense' } })).status).toBe(400);

    const done = await api('/notifications/unsubscribe', { method: 'POST', body: { token } });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ email: people.clerk.email, receiveNotifications: false });
    const user = (await api(`/users/${people.clerk.id}`, { token: superAdmin })).body;
    expect(user).toMatchObject({ receiveNotifications: false, notificationsOffReason: 'unsubscribed' });

    // Off: the next alarm mails the others only.
    const next = newCode('E-UNSUB');
    await api(`/merchants/${user.merchantIds[0]}/alarm-settings`, {
      method: 'POST',
      token: superAdmin,
      body: { name: 'Next', alarmCodes: [next], userIds: [people.clerk.id, people.admin.id] },
    });
    await d.publish('alarms', alarmMessage(serial, { code: next, at: iso(Date.now()) }));
    await waitFor(async () => ((await alarmMails(people.admin.email)).length === 2 ? true : undefined), 'the admin’s second e-mail');
    expect(await alarmMails(people.clerk.email)).toHaveLength(1);
  });

  it('a permanent bounce or a complaint SES reports turns the recipient’s notifications off, with that reason', async () => {
    const code = newCode('E-BOUNCE');
    const { merchantId, serial, people } = await fleet([code]);
    const tag = Date.now().toString(36);
    const bouncing = await createUser(superAdmin, { merchantIds: [merchantId], email: `bounce+${tag}@simulator.amazonses.com` });
    const complaining = await createUser(superAdmin, { merchantIds: [merchantId], email: `complaint+${tag}@simulator.amazonses.com` });
    await api(`/merchants/${merchantId}/alarm-settings`, {
      method: 'POST',
      token: superAdmin,
      body: { name: 'Simulator', alarmCodes: [code], userIds: [bouncing.id, complaining.id] },
    });
    const d = await connect(serial);
    await d.publish('alarms', alarmMessage(serial, { code, at: iso(Date.now()) }));
    const userOf = async (id: string) => (await api(`/users/${id}`, { token: superAdmin })).body;
    await waitFor(async () => ((await userOf(bouncing.id)).receiveNotifications === false ? true : undefined), 'the bounced user off');
    expect(await userOf(bouncing.id)).toMatchObject({ receiveNotifications: false, notificationsOffReason: 'bounced' });
    await waitFor(async () => ((await userOf(complaining.id)).notificationsOffReason === 'complaint' ? true : undefined), 'the complaining user off');
    // The others keep theirs; the next alarm skips the two.
    expect((await userOf(people.admin.id)).receiveNotifications).toBe(true);
    const next = newCode('E-BOUNCE');
    await api(`/merchants/${merchantId}/alarm-settings`, {
      method: 'POST',
      token: superAdmin,
      body: { name: 'Next', alarmCodes: [next], userIds: [bouncing.id, complaining.id, people.admin.id] },
    });
    await d.publish('alarms', alarmMessage(serial, { code: next, at: iso(Date.now()) }));
    await waitFor(async () => ((await alarmMails(people.admin.email)).some((m) => m.subject.includes(next)) ? true : undefined), 'the admin’s e-mail');
    expect((await alarmMails(bouncing.email)).filter((m) => m.subject.includes(next))).toHaveLength(0);
  });

  it('a user turns notifications off and on again from the profile', async () => {
    const token = await tokenFor('NEBULARMERCHANTUSER');
    const off = await api('/users/me', { method: 'PUT', token, body: { receiveNotifications: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ receiveNotifications: false, notificationsOffReason: 'user' });
    const on = await api('/users/me', { method: 'PUT', token, body: { receiveNotifications: true } });
    expect(on.body).toMatchObject({ receiveNotifications: true, notificationsOffReason: null });
    expect((await api('/users/me', { method: 'PUT', token, body: {} })).status).toBe(400);
  });
});
