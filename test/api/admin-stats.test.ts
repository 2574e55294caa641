/**
 * GET /admin/stats/{merchants|pointsofsale|medias|transactions} (spec §7, issue 30 item 3) over HTTP: each figure moves
 * with the writes that the counters follow (a merchant created and edited, machines joining and pinging over MQTT, a
 * media created and blocked, sales published over MQTT), and only the super admin may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleTransaction, salesMessage, telemetryMessage } from '../../infra/local/simulator';
import { newMediaId, putMedia } from './support/customers';
import { newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { merchantBody, settingsBody } from './support/samples';
import { tokenFor } from './support/stack';

const { connect, closeAll } = simulatedDevices();
afterAll(closeAll);

type CountsBy = Array<{ key: string; count: number }>;
const countOf = (list: CountsBy, key: string) => list.find((e) => e.key === key)?.count ?? 0;

let superAdmin = '';
let others: string[] = [];
beforeAll(async () => {
  const tokens = await Promise.all(
    (['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const).map((r) => tokenFor(r)),
  );
  superAdmin = tokens[0]!;
  others = tokens.slice(1);
});

const stats = async (what: string) => {
  const res = await api(`/admin/stats/${what}`, { token: superAdmin });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('platform statistics', () => {
  it('merchants by country and feature, machines by device type and connection, medias by type and status, sales per day: each follows its writes', async () => {
    const [merchantsBefore, posBefore, mediasBefore] = await Promise.all([stats('merchants'), stats('pointsofsale'), stats('medias')]);

    // A merchant of Tuvalu selling in guaraníes (no other merchant here does): its figures are the only ones of those keys.
    const created = await api('/merchants', {
      method: 'POST',
      token: superAdmin,
      body: merchantBody({ country: 'TV', currency: 'PYG', features: ['CUSTOMERS_MEDIA', 'NETWORK'] }),
    });
    expect(created.status, created.text).toBe(201);
    const merchant = created.body;
    const afterCreate = await stats('merchants');
    expect(afterCreate.total).toBe(merchantsBefore.total + 1);
    expect(countOf(afterCreate.byCountry, 'TV')).toBe(countOf(merchantsBefore.byCountry, 'TV') + 1);
    expect(countOf(afterCreate.byFeature, 'NETWORK')).toBe(countOf(merchantsBefore.byFeature, 'NETWORK') + 1);
    // Edited: the counts move from the old country and features to the new ones.
    const { id, createdAt, updatedAt, ...input } = merchant;
    const edited = await api(`/merchants/${id}`, { method: 'PUT', token: superAdmin, body: { ...input, country: 'NR', features: ['CUSTOMERS_MEDIA'] } });
    expect(edited.status, edited.text).toBe(200);
    const afterEdit = await stats('merchants');
    expect(countOf(afterEdit.byCountry, 'TV')).toBe(countOf(merchantsBefore.byCountry, 'TV'));
    expect(countOf(afterEdit.byCountry, 'NR')).toBe(countOf(merchantsBefore.byCountry, 'NR') + 1);
    expect(countOf(afterEdit.byFeature, 'NETWORK')).toBe(countOf(merchantsBefore.byFeature, 'NETWORK'));
    expect(countOf(afterEdit.byFeature, 'CUSTOMERS_MEDIA')).toBe(countOf(merchantsBefore.byFeature, 'CUSTOMERS_MEDIA') + 1);

    // Two machines of a rare type join; one pings and sells over MQTT.
    const pin = String((Date.now() % 90_000_000) + 10_000_000);
    expect((await api(`/merchants/${id}/settings`, { method: 'PUT', token: superAdmin, body: { ...settingsBody(), deviceAssociationPin: pin } })).status).toBe(
      200,
    );
    const serials = [newSerial('CDUK'), newSerial('CDUK')];
    for (const serial of serials) {
      const joined = await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin, name: `Stats ${serial}` } });
      expect(joined.status, joined.text).toBe(201);
    }
    const device = await connect(serials[0]!);
    const justNow = new Date(Date.now() - 60_000).toISOString();
    await Promise.all([
      device.publish('telemetry', telemetryMessage(serials[0]!)),
      device.publish(
        'sales',
        salesMessage(serials[0]!, [
          saleTransaction({ type: 2, value: 5000, currency: 'PYG', createdAt: justNow }),
          saleTransaction({ type: 3, value: 7000, mediaType: 2, currency: 'PYG', createdAt: justNow }),
        ]),
      ),
    ]);
    const pos = await waitFor(async () => {
      const s = await stats('pointsofsale');
      return s.byConnection.online > posBefore.byConnection.online ? s : undefined;
    }, 'the machine online');
    expect(pos.total).toBe(posBefore.total + 2);
    expect(countOf(pos.byDeviceType, 'CDUK')).toBe(countOf(posBefore.byDeviceType, 'CDUK') + 2);
    expect(pos.byConnection.online + pos.byConnection.offline + pos.byConnection.unknown).toBe(pos.total);

    const sales = await waitFor(async () => {
      const s = await stats('transactions');
      return s.byCurrency.find((c: { currency: string }) => c.currency === 'PYG') ? s : undefined;
    }, 'the sales counted');
    expect(sales.byCurrency.find((c: { currency: string }) => c.currency === 'PYG').sold).toEqual({ count: 2, value: 12_000 });
    expect(sales.days).toHaveLength(30);
    expect(sales.days.at(-1).day).toBe(sales.to);

    // A media of a rare type: counted by type and status; blocked, it moves to status 1.
    const mediaId = newMediaId();
    await putMedia(id, mediaId, { mediaType: 27 });
    const withMedia = await stats('medias');
    expect(withMedia.total).toBe(mediasBefore.total + 1);
    expect(countOf(withMedia.byType, '27')).toBe(countOf(mediasBefore.byType, '27') + 1);
    const blocked = await api(`/medias/${mediaId}/block?merchantId=${id}`, { method: 'POST', token: superAdmin });
    expect(blocked.status, blocked.text).toBe(200);
    const afterBlock = await stats('medias');
    expect(countOf(afterBlock.byStatus, '1')).toBe(countOf(withMedia.byStatus, '1') + 1);
    expect(countOf(afterBlock.byStatus, '0')).toBe(countOf(withMedia.byStatus, '0') - 1);
  });

  it('only the super admin reads them', async () => {
    for (const what of ['merchants', 'pointsofsale', 'medias', 'transactions']) {
      for (const token of others) expect((await api(`/admin/stats/${what}`, { token })).status).toBe(403);
      expect((await api(`/admin/stats/${what}`)).status).toBe(401);
    }
  });
});
