/**
 * Customers over HTTP (issue 20 item 5): registered by the payment service's callback, then listed (search,
 * filters, paging), exported as CSV, read with their medias' figures, their consents changed, medias associated and
 * dissociated; roles, the CUSTOMERS_MEDIA feature, another merchant's ids, bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PINS } from '../../infra/local/demo-data';
import { saleTransaction, salesMessage } from '../../infra/local/simulator';
import { issueApiToken } from './support/api-token';
import { callback, newMediaId, newPaymentsMerchant, newServiceNumber, newUserId, putMedia, rechargeOrder, utcDay } from './support/customers';
import { newSerial, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { tokenFor } from './support/stack';

let superAdmin = '';
let merchant = { merchantId: '', apiToken: '' };

const card = { cardType: 'VISA', maskedNumber: '411111******1111', expiry: '08/29', saved: true };

/** Registers a customer through a payment order of the service; its id. */
async function register(customer: Record<string, unknown>, target = merchant): Promise<string> {
  const res = await callback(target.merchantId, target.apiToken, {
    service: 0,
    serviceTransactionNumber: newServiceNumber(),
    type: 0,
    result: 1,
    amount: 120,
    currency: 'EUR',
    customer,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.customerId as string;
}

const path = (id: string, suffix = '', merchantId = merchant.merchantId) => `/customers/${id}${suffix}?merchantId=${merchantId}`;
const list = (query: Record<string, string>, merchantId = merchant.merchantId, token = superAdmin) =>
  api(`/customers?${new URLSearchParams({ merchantId, ...query })}`, { token });

const devices = simulatedDevices();

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchant = await newPaymentsMerchant(superAdmin);
});

afterAll(() => devices.closeAll());

describe('a customer registered by the payment service', () => {
  it('shows its registration, consents with their dates and masked payment info; a second order updates it', async () => {
    const userId = newUserId();
    const id = await register({ userId, name: 'Marta Rossi', email: 'marta@example.test', consents: { analysis: true, commercial: false }, paymentInfo: card });
    const first = await api(path(id), { token: superAdmin });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      id,
      merchantId: merchant.merchantId,
      userId,
      name: 'Marta Rossi',
      email: 'marta@example.test',
      medias: 0,
      credit: 0,
      last30Days: { sales: 0, salesValue: 0, recharges: 0, rechargesValue: 0 },
      consents: { analysis: { granted: true }, commercial: { granted: false }, quality: { granted: false, changedAt: null } },
      paymentInfo: { service: 'Nexi', cardType: 'VISA', maskedNumber: '411111******1111', expiry: '08/29', saved: true },
    });
    expect(first.body.consents.analysis.changedAt).toBe(first.body.registeredAt);
    expect(first.body.lastUsedAt).toBe(first.body.paymentInfo.lastUsedAt);
    expect(await register({ userId, consents: { analysis: true, quality: true } })).toBe(id);
    const second = (await api(path(id), { token: superAdmin })).body;
    expect(second.registeredAt).toBe(first.body.registeredAt);
    expect(second.name).toBe('Marta Rossi');
    expect(second.consents.analysis).toEqual(first.body.consents.analysis);
    expect(second.consents.quality.granted).toBe(true);
    expect(second.consents.quality.changedAt > first.body.registeredAt).toBe(true);
  });

  it('never stores or shows a whole card number', async () => {
    const userId = newUserId();
    for (const maskedNumber of ['4111111111111111', '4111 1111 1111 1111', '41111111111*1111', '']) {
      const res = await callback(merchant.merchantId, merchant.apiToken, {
        service: 0,
        serviceTransactionNumber: newServiceNumber(),
        type: 0,
        result: 1,
        amount: 120,
        currency: 'EUR',
        customer: { userId, paymentInfo: { ...card, maskedNumber } },
      });
      expect(res.status, maskedNumber).toBe(400);
      expect(res.body.details[0].path).toBe('body.customer.paymentInfo.maskedNumber');
    }
    expect((await list({ search: userId })).body.total).toBe(0);
  });
});

describe('PUT /customers/{id}/privacy', () => {
  it('sets consents; a consent’s date changes only when the consent does', async () => {
    const id = await register({ userId: newUserId(), consents: { analysis: true, commercial: true, quality: false } });
    const before = (await api(path(id), { token: superAdmin })).body.consents;
    const res = await api(path(id, '/privacy'), { method: 'PUT', token: superAdmin, body: { analysis: true, commercial: false } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.consents.analysis).toEqual(before.analysis);
    expect(res.body.consents.commercial.granted).toBe(false);
    expect(res.body.consents.commercial.changedAt > before.commercial.changedAt).toBe(true);
    expect(res.body.consents.quality).toEqual(before.quality);
    expect((await api(path(id), { token: superAdmin })).body.consents).toEqual(res.body.consents);
    for (const body of [{}, { analysis: 'yes' }, { marketing: true }]) {
      const bad = await api(path(id, '/privacy'), { method: 'PUT', token: superAdmin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(path('0123456789abcdef01234567', '/privacy'), { method: 'PUT', token: superAdmin, body: { analysis: true } })).body.code).toBe(
      'CustomerNotFoundException',
    );
  });
});

describe('medias of a customer', () => {
  it('associates a media once (again: unchanged; to another customer: 409), sums its last 30 days, dissociates it', async () => {
    const id = await register({ userId: newUserId() });
    const other = await register({ userId: newUserId() });
    const mediaId = newMediaId();
    const days = {
      [utcDay(0)]: { sales: 2, salesValue: 300, recharges: 1, rechargesValue: 1000 },
      [utcDay(29)]: { sales: 1, salesValue: 150, recharges: 0, rechargesValue: 0 },
      [utcDay(30)]: { sales: 9, salesValue: 9000, recharges: 0, rechargesValue: 0 },
    };
    await putMedia(merchant.merchantId, mediaId, { keyCredit: 850, days, lastUsedAt: '2030-01-01T00:00:00.000Z' });
    const associated = await api(path(id, '/medias'), { method: 'POST', token: superAdmin, body: { mediaId } });
    expect(associated.status, associated.text).toBe(200);
    expect(associated.body).toMatchObject({
      medias: 1,
      credit: 850,
      lastUsedAt: '2030-01-01T00:00:00.000Z',
      last30Days: { sales: 3, salesValue: 450, recharges: 1, rechargesValue: 1000 },
    });
    const again = await api(path(id, '/medias'), { method: 'POST', token: superAdmin, body: { mediaId: mediaId.toLowerCase() } });
    expect(again.status).toBe(200);
    expect(again.body.medias).toBe(1);
    const taken = await api(path(other, '/medias'), { method: 'POST', token: superAdmin, body: { mediaId } });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('MediaAlreadyAssociatedException');
    expect((await api(path(other), { token: superAdmin })).body.medias).toBe(0);
    const medias = await api(path(id, '/medias'), { token: superAdmin });
    expect(medias.body).toEqual([
      {
        mediaId,
        serial: mediaId.slice(0, 12),
        mediaType: 2,
        status: 0,
        credit: 850,
        cloudCredit: 0,
        lastUsedAt: '2030-01-01T00:00:00.000Z',
        last30Days: { sales: 3, salesValue: 450, recharges: 1, rechargesValue: 1000 },
      },
    ]);
    expect((await api(`/customers/${other}/medias/${mediaId}?merchantId=${merchant.merchantId}`, { method: 'DELETE', token: superAdmin })).status).toBe(404);
    const dissociated = await api(`/customers/${id}/medias/${mediaId}?merchantId=${merchant.merchantId}`, { method: 'DELETE', token: superAdmin });
    expect(dissociated.status, dissociated.text).toBe(200);
    expect(dissociated.body).toMatchObject({ medias: 0, credit: 0 });
    expect((await api(`/customers/${id}/medias/${mediaId}?merchantId=${merchant.merchantId}`, { method: 'DELETE', token: superAdmin })).body.code).toBe(
      'MediaNotFoundException',
    );
    // Free again: the other customer may have it now.
    expect((await api(path(other, '/medias'), { method: 'POST', token: superAdmin, body: { mediaId } })).body.medias).toBe(1);
  });

  it('two customers racing for one media: exactly one gets it', async () => {
    const ids = await Promise.all([register({ userId: newUserId() }), register({ userId: newUserId() }), register({ userId: newUserId() })]);
    const mediaId = newMediaId();
    await putMedia(merchant.merchantId, mediaId);
    const answers = await Promise.all(ids.map((id) => api(path(id, '/medias'), { method: 'POST', token: superAdmin, body: { mediaId } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const counts = await Promise.all(ids.map(async (id) => (await api(path(id), { token: superAdmin })).body.medias));
    expect(counts.sort()).toEqual([0, 0, 1]);
  });

  it('refuses a media of another merchant or none (404) and a malformed id (400)', async () => {
    const id = await register({ userId: newUserId() });
    const bravoMedia = newMediaId();
    await putMedia('bravo-distribucion', bravoMedia);
    for (const mediaId of [bravoMedia, newMediaId()]) {
      const res = await api(path(id, '/medias'), { method: 'POST', token: superAdmin, body: { mediaId } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('MediaNotFoundException');
    }
    for (const body of [{ mediaId: 'XYZ' }, { mediaId: '1234' }, {}, { mediaId: bravoMedia, extra: 1 }]) {
      expect((await api(path(id, '/medias'), { method: 'POST', token: superAdmin, body })).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /customers/{id}/transactions', () => {
  it('merges its medias’ transactions at the machines and its web recharges, newest first; a group admin sees its groups’ machines’ and the cloud ones', async () => {
    const acme = { merchantId: 'acme-vending', apiToken: await issueApiToken('acme-vending') };
    const machines: Record<string, string> = {};
    for (const groupId of ['acme-north', 'acme-south']) {
      const serial = newSerial();
      expect(
        (await api('/pos/join', { method: 'POST', token: superAdmin, body: { serial, pin: DEMO_PINS['acme-vending'], name: `Customer tx ${serial}` } })).status,
      ).toBe(201);
      expect((await api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } })).status).toBe(200);
      machines[groupId] = serial;
    }
    const [key, card] = [
      { id: newMediaId(), serial: '00AA11BB22' },
      { id: newMediaId(), serial: '00CC33DD44' },
    ];
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const sale = (media: { id: string; serial: string }, minutesAgo: number, value: number) =>
      saleTransaction({
        type: 3,
        mediaType: 2,
        value,
        createdAt: at(minutesAgo),
        media: { id: media.id, serial: media.serial, credit: 1000, counter: 100 - minutesAgo },
      });
    const north = await devices.connect(machines['acme-north']!);
    const south = await devices.connect(machines['acme-south']!);
    await north.publish('sales', salesMessage(machines['acme-north']!, [sale(key, 50, 110), sale(card, 40, 120)]));
    await south.publish('sales', salesMessage(machines['acme-south']!, [sale(key, 30, 130)]));
    const id = await register({ userId: newUserId() }, acme);
    for (const media of [key, card]) {
      await waitFor(
        async () =>
          (await api(path(id, '/medias', 'acme-vending'), { method: 'POST', token: superAdmin, body: { mediaId: media.id } })).status === 200 || undefined,
        `media ${media.id} from its sales`,
      );
    }
    const recharge = await callback('acme-vending', acme.apiToken, rechargeOrder(key.id, 500, { channel: 'app' }));
    expect(recharge.body.credited).toBe(true);
    const values = (res: { body: { items: Array<{ value: number }> } }) => res.body.items.map((t) => t.value);
    const all = await waitFor(async () => {
      const res = await api(`${path(id, '/transactions', 'acme-vending')}&size=10`, { token: superAdmin });
      return res.body.total === 4 ? res : undefined;
    }, 'the customer’s four transactions');
    expect(values(all)).toEqual([500, 130, 120, 110]);
    expect(all.body.items[0]).toMatchObject({
      type: 12,
      mediaType: 25,
      serial: null,
      media: { id: key.id },
      source: { type: 3, serial: 'PayPal' },
      category: 'recharges',
    });
    expect(values(await api(`${path(id, '/transactions', 'acme-vending')}&ordType=asc`, { token: superAdmin }))).toEqual([110, 120, 130, 500]);
    const first = await api(`${path(id, '/transactions', 'acme-vending')}&size=3`, { token: superAdmin });
    expect(
      values(await api(`${path(id, '/transactions', 'acme-vending')}&size=3&page=2&cursor=${encodeURIComponent(first.body.cursor)}`, { token: superAdmin })),
    ).toEqual([110]);
    expect(
      values(
        await api(`${path(id, '/transactions', 'acme-vending')}&from=${encodeURIComponent(at(45))}&to=${encodeURIComponent(at(35))}`, { token: superAdmin }),
      ),
    ).toEqual([120]);
    const groupAdmin = await tokenFor('NEBULARGROUPADMIN');
    const scoped = await api(path(id, '/transactions', 'acme-vending'), { token: groupAdmin });
    expect(values(scoped)).toEqual([500, 120, 110]);
    expect(scoped.body.total).toBe(3);
    expect((await api(path(id, '/transactions', 'bravo-distribucion'), { token: groupAdmin })).status).toBe(404);
    // The web recharge is a transaction of the merchant's too (GET /transactions), once.
    const listed = await api('/transactions?merchantId=acme-vending&mediaType=25&size=100', { token: superAdmin });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items.filter((t: { transactionId: string }) => t.transactionId === recharge.body.order.id)).toEqual([
      expect.objectContaining({ type: 12, mediaType: 25, value: 500, externalServiceInfo: null, source: { type: 3, serial: 'PayPal' } }),
    ]);
  });
});

describe('GET /customers and /customers/csv', () => {
  it('lists newest first with search, consent, medias and registration filters; pages with cursors; exports the selection', async () => {
    const fresh = await newPaymentsMerchant(superAdmin);
    const ids: string[] = [];
    for (const [userId, consents] of [
      ['alpha-one', { analysis: true }],
      ['bravo-two', { commercial: true }],
      ['charlie-three', {}],
      ['alpha-four', { analysis: true, quality: true }],
    ] as const)
      ids.push(await register({ userId: `${userId}-${newUserId()}`, name: `Name ${userId}`, consents }, fresh));
    const mediaId = newMediaId();
    await putMedia(fresh.merchantId, mediaId);
    expect((await api(path(ids[1]!, '/medias', fresh.merchantId), { method: 'POST', token: superAdmin, body: { mediaId } })).status).toBe(200);
    const idsOf = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((c) => c.id);
    const all = await list({}, fresh.merchantId);
    expect(all.body.total).toBe(4);
    expect(idsOf(all)).toEqual([...ids].reverse());
    expect(idsOf(await list({ ordType: 'asc' }, fresh.merchantId))).toEqual(ids);
    expect(idsOf(await list({ search: 'ALPHA' }, fresh.merchantId))).toEqual([ids[3], ids[0]]);
    expect(idsOf(await list({ search: 'name charlie' }, fresh.merchantId))).toEqual([ids[2]]);
    expect(idsOf(await list({ consent: 'analysis' }, fresh.merchantId))).toEqual([ids[3], ids[0]]);
    expect(idsOf(await list({ consent: 'commercial', hasMedias: 'true' }, fresh.merchantId))).toEqual([ids[1]]);
    expect((await list({ hasMedias: 'false' }, fresh.merchantId)).body.total).toBe(3);
    const registeredAt = (await api(path(ids[2]!, '', fresh.merchantId), { token: superAdmin })).body.registeredAt as string;
    expect(idsOf(await list({ from: registeredAt }, fresh.merchantId))).toEqual([ids[3], ids[2]]);
    expect(idsOf(await list({ to: registeredAt }, fresh.merchantId))).toEqual([ids[1], ids[0]]);
    const page1 = await list({ size: '3' }, fresh.merchantId);
    expect(idsOf(await list({ size: '3', page: '2', cursor: page1.body.cursor }, fresh.merchantId))).toEqual([ids[0]]);
    for (const query of <Array<Record<string, string>>>[
      { search: 'al' },
      { consent: 'marketing' },
      { hasMedias: 'yes' },
      { from: 'today' },
      { size: '0' },
      { other: '1' },
    ]) {
      expect((await list(query, fresh.merchantId)).status, JSON.stringify(query)).toBe(400);
    }
    const csv = await api(`/customers/csv?merchantId=${fresh.merchantId}&search=alpha`, { token: superAdmin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(`customers-${fresh.merchantId}.csv`);
    const lines = (csv.text as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,userId,name,email,registeredAt,lastUsedAt,medias,credit,sales30Days,salesValue30Days,recharges30Days,rechargesValue30Days,consentAnalysis,consentAnalysisAt,consentCommercial,consentCommercialAt,consentQuality,consentQualityAt,paymentService,cardType,maskedNumber,cardExpiry,cardSaved,cardLastUsedAt',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([ids[3], ids[0]]);
  });

  it('super admin, merchant admin and group admin read the merchant’s customers; merchant users not; another merchant’s → 404; CUSTOMERS_MEDIA off → 403', async () => {
    const acme = { merchantId: 'acme-vending', apiToken: await issueApiToken('acme-vending') };
    const id = await register({ userId: newUserId() }, acme);
    for (const role of ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN'] as const) {
      const token = await tokenFor(role);
      expect((await list({}, 'acme-vending', token)).status, role).toBe(200);
      expect((await api(path(id, '', 'acme-vending'), { token })).body.id, role).toBe(id);
      if (role !== 'NEBULARSUPERADMIN') {
        expect((await list({}, 'bravo-distribucion', token)).status, role).toBe(404);
        expect((await api(path(id, '', 'bravo-distribucion'), { token })).status, role).toBe(404);
      }
    }
    const merchantUser = await tokenFor('NEBULARMERCHANTUSER');
    expect((await list({}, 'acme-vending', merchantUser)).status).toBe(403);
    expect((await api(path(id, '', 'acme-vending'), { token: merchantUser })).status).toBe(403);
    expect((await api(path(id, '', 'bravo-distribucion'), { token: superAdmin })).body.code).toBe('CustomerNotFoundException');
    const off = await newPaymentsMerchant(superAdmin, ['WEBPAYMENTS']);
    const refused = await list({}, off.merchantId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CustomersMediaNotEnabledException');
    expect((await api(path('not-a-customer-id', '', 'acme-vending'), { token: superAdmin })).status).toBe(400);
    expect((await api('/customers/0123456789abcdef01234567', { token: superAdmin })).status).toBe(400);
  });
});
