import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client';
import { groups } from '../../functions/api/manifest';
import { lazy, resetAll } from '../../functions/runtime/lazy';

describe('lazy dependencies', () => {
  it('builds once on first use, again after reset, and resetAll forgets every one', () => {
    let builds = 0;
    const a = lazy(() => ({ n: ++builds }));
    const b = lazy(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    expect(a()).toBe(a());
    expect(builds).toBe(1);
    a.reset();
    expect(a().n).toBe(2);
    b();
    resetAll();
    expect([a().n, b().n]).toEqual([4, 5]);
  });
});

describe('a read-only table client', () => {
  // Nothing listens on port 9: a call that is let through fails on the network, a refused one before it.
  const doc = createDocumentClient({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:9', readOnly: true });
  doc.config.credentials = async () => ({ accessKeyId: 'x', secretAccessKey: 'y' });

  it.each([
    ['PutItem', new PutCommand({ TableName: 't', Item: { pk: 'a', sk: 'b' } })],
    ['UpdateItem', new UpdateCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': 1 } })],
  ])('refuses %s before sending it, as IAM would in AWS', async (_name, command) => {
    await expect(doc.send(command as never)).rejects.toThrow(/may only read the table/);
  });

  it('lets reads through', async () => {
    await expect(
      doc.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'a' } })),
    ).rejects.not.toThrow(/may only read/);
  });
});

describe('route groups', () => {
  it('every group with a non-public route has the table (authorization reads the user record)', () => {
    const needTable = groups.filter((g) => g.routes.some((r) => r.roles !== 'public'));
    expect(needTable.filter((g) => !g.access.table).map((g) => g.name)).toEqual([]);
  });
});
