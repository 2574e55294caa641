/**
 * Anomaly alerts (issue 30 item 5) end to end: a simulated busy machine that stops selling raises the no-sales anomaly
 * when the sweep runs, its e-mail reaches the outbox through an ordinary alarm setting, and the alarm is repaired when
 * sales resume; and the merchant's thresholds, validated field by field.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANOMALY_ALARM_CODES, ANOMALY_SETTINGS_DEFAULTS } from '#schemas/anomaly-constants';
import type { SaleTransaction } from '#schemas/iot';
import { readOutbox } from '../../infra/local/emulators/cognito';
import { salesMessage, saleTransaction, telemetryMessage } from '../../infra/local/simulator';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { merchantBody, settingsBody } from './support/samples';
import { runSchedule, stack, stackIdle, tokenFor } from './support/stack';
import { createUser } from './support/users';

const HOUR = 3_600_000;
let superAdmin = '';
const { connect, closeAll } = simulatedDevices();

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});
afterAll(async () => {
  await closeAll();
});

const alarmsOf = async (serial: string) => (await api(`/pos/${serial}/alarms?size=50`, { token: superAdmin })).body.items as Array<Record<string, any>>;

describe('the no-sales anomaly over MQTT', () => {
  it('a busy machine silent for 10 hours raises it with why, e-mails the setting’s recipient, and is repaired once it sells again', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1, 'North');
    const serial = serials[0]!;
    const admin = await createUser(superAdmin, { merchantIds: [merchantId], role: 'NEBULARMERCHANTADMIN', language: 'en' });
    const setting = await api(`/merchants/${merchantId}/alarm-settings`, {
      method: 'POST',
      token: superAdmin,
      body: { name: 'Anomalies', alarmCodes: [ANOMALY_ALARM_CODES.noSales], userIds: [admin.id] },
    });
    expect(setting.status, setting.text).toBe(201);

    // Five weeks of one cash sale an hour, the last one 10 hours ago: 10 sales expected since, e^−10 ≈ 0.005 %.
    const now = Date.now();
    const lastSale = now - 10 * HOUR;
    const history: SaleTransaction[] = [];
    for (let at = lastSale - 35 * 24 * HOUR; at <= lastSale; at += HOUR)
      history.push(saleTransaction({ type: 2, mediaType: 2, createdAt: new Date(at).toISOString() }));
    const d = await connect(serial);
    await d.publish('telemetry', telemetryMessage(serial));
    for (let i = 0; i < history.length; i += 200) await d.publish('sales', salesMessage(serial, history.slice(i, i + 200)));
    await stackIdle();

    await runSchedule('anomaly-sweep');
    const raised = await waitFor(async () => (await alarmsOf(serial)).find((a) => a.code === ANOMALY_ALARM_CODES.noSales), 'the anomaly alarm');
    expect(raised).toMatchObject({ status: 'active', criticity: 2 });
    expect(raised.detail).toMatch(/^No sale for 10(\.\d)? h: expected 10(\.\d)? sales \(baseline of 4 weeks\), observed 0; probability [\d.e-]+ % < 0\.10 %$/);

    const mails = await waitFor(async () => {
      const list = (await readOutbox(stack.cognito.endpoint, admin.email)).filter((m) => m.source === 'SES');
      return list.length ? list : undefined;
    }, 'the anomaly e-mail');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(ANOMALY_ALARM_CODES.noSales);

    // A second run while the silence lasts changes nothing.
    await runSchedule('anomaly-sweep');
    expect((await alarmsOf(serial)).filter((a) => a.code === ANOMALY_ALARM_CODES.noSales)).toHaveLength(1);

    // It sells again: the next run repairs it.
    await d.publish('sales', salesMessage(serial, [saleTransaction({ type: 2, mediaType: 2, createdAt: new Date().toISOString() })]));
    await stackIdle();
    await runSchedule('anomaly-sweep');
    const after = (await alarmsOf(serial)).filter((a) => a.code === ANOMALY_ALARM_CODES.noSales);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'repaired' });
  });
});

describe('anomaly thresholds (merchant settings)', () => {
  it('start from the defaults, save in range, keep their value when a save leaves them out', async () => {
    const merchantId = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body.id as string;
    const url = `/merchants/${merchantId}/settings`;
    expect((await api(url, { token: superAdmin })).body).toMatchObject(ANOMALY_SETTINGS_DEFAULTS);
    const thresholds = { anomalyProbability: 0.0005, anomalyOfflineHours: 1.5, anomalyCashlessRatio: 0.3 };
    // A PIN of its own: the samples' PIN is another merchant's once any other test saved it.
    const deviceAssociationPin = String(randomInt(40_000_000, 99_999_999));
    const saved = await api(url, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), deviceAssociationPin, ...thresholds } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject(thresholds);
    const { anomalyProbability: _p, anomalyOfflineHours: _h, anomalyCashlessRatio: _r, ...older } = settingsBody();
    const kept = await api(url, { method: 'PUT', token: superAdmin, body: { ...older, deviceAssociationPin } });
    expect(kept.status, kept.text).toBe(200);
    expect((await api(url, { token: superAdmin })).body).toMatchObject(thresholds);
  });

  it('refuses a probability outside (0, 1), offline hours not above 0 or past 720, a ratio outside (0, 1), naming the field', async () => {
    const merchantId = (await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() })).body.id as string;
    for (const [field, value] of [
      ['anomalyProbability', 0],
      ['anomalyProbability', 1],
      ['anomalyProbability', -0.1],
      ['anomalyOfflineHours', 0],
      ['anomalyOfflineHours', -2],
      ['anomalyOfflineHours', 721],
      ['anomalyCashlessRatio', 1.5],
      ['anomalyCashlessRatio', 0],
      ['anomalyProbability', 'low'],
    ] as const) {
      const res = await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), [field]: value } });
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(res.body.details.map((x: { path: string }) => x.path)).toContain(`body.${field}`);
    }
  });
});
