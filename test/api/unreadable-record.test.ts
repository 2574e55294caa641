/**
 * A stored item its record schema refuses (drift, a hand edit, a bad migration) is a 500 with nothing of the
 * item in the answer, never a screen of wrong data. The shared stack runs its logs silent: the error line the
 * read writes (entity and key, no content) is asserted in test/unit/record-schemas.test.ts.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
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
});
