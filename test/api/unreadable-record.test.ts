/**
 * A stored item its record schema refuses (drift, a hand edit, a bad migration) is a 500 with nothing of the
 * item in the answer, never a screen of wrong data. The shared stack runs its logs silent: the error line the
 * read writes (entity and key, no content) is asserted in test/unit/record-schemas.test.ts.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { stockItem } from '../../functions/adapters/dynamodb/stock-repository';
import { newMerchantWithMachines } from './support/devices';
import { api } from './support/http';
import { merchantBody } from './support/samples';
import { stack, stackDeps, tokenFor } from './support/stack';

const doc = stackDeps().doc;
afterAll(() => doc.destroy());

describe('a stored record that does not parse', () => {
  it('answers 500 InternalError (nothing of the item in the body), while the same record intact answers 200', async () => {
    const token = await tokenFor('NEBULARSUPERADMIN');
    const created = await api('/merchants', { method: 'POST', token, body: merchantBody() });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await api(`/merchants/${id}`, { token })).status).toBe(200);

    const { Item } = await doc.send(new GetCommand({ TableName: stack.tableName, Key: keys.merchant(id), ConsistentRead: true }));
    await doc.send(new PutCommand({ TableName: stack.tableName, Item: { ...Item, features: 'CUSTOMERS_MEDIA', legalInfo: 'secret-legal-text' } }));

    const broken = await api(`/merchants/${id}`, { token });
    expect(broken.status).toBe(500);
    expect(broken.body).toMatchObject({ code: 'InternalError', correlationId: expect.any(String) });
    expect(JSON.stringify(broken.body)).not.toContain('secret-legal-text');
    expect(JSON.stringify(broken.body)).not.toContain('CUSTOMERS_MEDIA');

    await doc.send(new PutCommand({ TableName: stack.tableName, Item }));
    expect((await api(`/merchants/${id}`, { token })).status).toBe(200);
  });

  describe('of the entities read by hand before: a transaction, a media, a stock line', () => {
    let token: string;
    let merchantId: string;
    let serial: string;
    const put = (Item: Record<string, unknown>) => doc.send(new PutCommand({ TableName: stack.tableName, Item }));
    const refused = async (path: string) => {
      const res = await api(path, { token });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 'InternalError', correlationId: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toContain('secret-');
    };

    it('answer 500 InternalError, and 200 while the same items are intact', async () => {
      token = await tokenFor('NEBULARSUPERADMIN');
      const machines = await newMerchantWithMachines(token, 1);
      merchantId = machines.merchantId;
      serial = machines.serials[0]!;
      const createdAt = new Date().toISOString();

      // A machine's sale, listed by the merchant's month partition (T1).
      const sale = {
        ...keys.posSale(merchantId, serial, createdAt, 'msg-unreadable', 0),
        ...keys.saleIndexes(merchantId, { createdAt, serial, groupId: null }, 'msg-unreadable#000'),
        ...{ transactionId: 'T-unreadable', type: 1, line: 1, productCode: 'secret-code', priceTable: 1, value: 120, currency: 'EUR', mediaType: 1 },
        ...{ createdAt, savedAt: createdAt, merchantId, serial, messageId: 'msg-unreadable', entity: 'SALE' },
      };
      const transactions = `/transactions?merchantId=${merchantId}`;
      await put(sale);
      expect((await api(transactions, { token })).body.items).toEqual([expect.objectContaining({ transactionId: 'T-unreadable' })]);
      await put({ ...sale, currency: 'secret-currency' });
      await refused(transactions);

      // A media (M1), read by its detail.
      const mediaId = 'ABCDEF0123';
      const media = {
        ...keys.media(merchantId, mediaId),
        ...keys.mediaByUse(merchantId, createdAt, mediaId),
        ...{ merchantId, mediaId, serial: 'FFFFFFFF', mediaType: 1, status: 0, keyCredit: 100, cloudCredit: 0, credit: 100, bonusCredit: 0 },
        ...{ bonusFreeSales: 0, sourceType: 0, externalService: 0, lastUsedAt: createdAt, createdAt, updatedAt: createdAt, version: 1, entity: 'media' },
      };
      const detail = `/medias/${mediaId}?merchantId=${merchantId}`;
      await put(media);
      expect((await api(detail, { token })).status).toBe(200);
      await put({ ...media, status: 'secret-status' });
      await refused(detail);

      // A stock record (S1) one of whose lines is broken, read by the manage-stock list.
      const line = { selection: 'A1', productId: 'p1', capacity: 10, warningLevel: 2, refillValue: 10, value: 6, lastRefillAt: null, updatedAt: createdAt };
      const stock = stockItem({
        ...{ merchantId, serial, name: 'Unreadable', groupId: null, clientId: null, planogramId: 'pl1', planogramType: 'A', lastRefillAt: null },
        lines: [{ ...line, sold: {}, auditVends: null, auditAt: null, reported: [], reconciled: null }],
        ...{ trackedSince: createdAt.slice(0, 10), updatedAt: createdAt, applied: [], version: 1 },
      });
      const manage = `/stock/manage?merchantId=${merchantId}`;
      await put(stock);
      expect((await api(manage, { token })).body.items).toEqual([expect.objectContaining({ serial })]);
      await put({ ...stock, lines: [{ ...line, value: 'secret-value' }] });
      await refused(manage);
    });
  });
});
