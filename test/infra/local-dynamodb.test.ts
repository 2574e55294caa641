import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynaliteAbstractLevel } from '../../infra/local/emulators/dynalite-iterators';
import { startDynamo, type LocalDynamo } from '../../infra/local/emulators/dynamodb';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';

const TABLE = 'vending-console';

function docClient(endpoint: string) {
  return DynamoDBDocumentClient.from(localDynamoClient(endpoint));
}

describe('local DynamoDB (dynalite + front)', () => {
  let dynamo: LocalDynamo;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0 });
    await createTable(dynamo.endpoint, TABLE);
    await createTable(dynamo.endpoint, TABLE); // idempotent
    doc = docClient(dynamo.endpoint);
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
  });

  it('listens on 127.0.0.1 and passes ordinary operations through, including GSIs', async () => {
    expect(dynamo.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'A', sk: 'B', gsi1pk: 'G', gsi1sk: '1', v: 1 } }));
    const got = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'A', sk: 'B' } }));
    expect(got.Item).toEqual({ pk: 'A', sk: 'B', gsi1pk: 'G', gsi1sk: '1', v: 1 });
  });

  it('TransactWriteItems is all-or-nothing with a failing condition in the middle, reasons in order', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'TX', sk: 'EXISTS', n: 1 } }));
    let error: unknown;
    try {
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: 'TX', sk: 'NEW1' } } },
            {
              Put: {
                TableName: TABLE,
                Item: { pk: 'TX', sk: 'EXISTS', n: 2 },
                ConditionExpression: 'attribute_not_exists(pk)',
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            { Update: { TableName: TABLE, Key: { pk: 'TX', sk: 'NEW2' }, UpdateExpression: 'SET c = :c', ExpressionAttributeValues: { ':c': 1 } } },
          ],
        }),
      );
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(TransactionCanceledException);
    const reasons = (error as TransactionCanceledException).CancellationReasons;
    expect(reasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(reasons?.[1]?.Message).toBe('The conditional request failed');
    expect(reasons?.[1]?.Item).toEqual({ pk: { S: 'TX' }, sk: { S: 'EXISTS' }, n: { N: '1' } });
    expect((error as Error).message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, None]');
    for (const sk of ['NEW1', 'NEW2']) {
      expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'TX', sk } }))).Item).toBeUndefined();
    }
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'TX', sk: 'EXISTS' } }))).Item).toEqual({ pk: 'TX', sk: 'EXISTS', n: 1 });
  });

  it('TransactWriteItems applies every write when all conditions hold, with ConditionCheck and Delete', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'OK', sk: 'GUARD', state: 'open' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'OK', sk: 'OLD' } }));
    await doc.send(
      new TransactWriteCommand({
        ClientRequestToken: 'token-1',
        TransactItems: [
          {
            ConditionCheck: {
              TableName: TABLE,
              Key: { pk: 'OK', sk: 'GUARD' },
              ConditionExpression: '#s = :open',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: { ':open': 'open' },
            },
          },
          { Put: { TableName: TABLE, Item: { pk: 'OK', sk: 'NEW' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Update: { TableName: TABLE, Key: { pk: 'OK', sk: 'COUNT' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
          { Delete: { TableName: TABLE, Key: { pk: 'OK', sk: 'OLD' }, ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    );
    // The same ClientRequestToken again is tolerated and not applied twice.
    await doc.send(
      new TransactWriteCommand({
        ClientRequestToken: 'token-1',
        TransactItems: [
          {
            ConditionCheck: {
              TableName: TABLE,
              Key: { pk: 'OK', sk: 'GUARD' },
              ConditionExpression: '#s = :open',
              ExpressionAttributeNames: { '#s': 'state' },
              ExpressionAttributeValues: { ':open': 'open' },
            },
          },
          { Put: { TableName: TABLE, Item: { pk: 'OK', sk: 'NEW' }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Update: { TableName: TABLE, Key: { pk: 'OK', sk: 'COUNT' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
          { Delete: { TableName: TABLE, Key: { pk: 'OK', sk: 'OLD' }, ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    );
    const got = await doc.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: TABLE, Key: { pk: 'OK', sk: 'NEW' } } },
          { Get: { TableName: TABLE, Key: { pk: 'OK', sk: 'COUNT' } } },
          { Get: { TableName: TABLE, Key: { pk: 'OK', sk: 'OLD' } } },
        ],
      }),
    );
    expect(got.Responses?.map((r) => r.Item)).toEqual([{ pk: 'OK', sk: 'NEW' }, { pk: 'OK', sk: 'COUNT', n: 1 }, undefined]);
  });

  it('a failing ConditionCheck cancels the transaction without writing', async () => {
    const error = await doc
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: 'CC', sk: 'X' } } },
            { ConditionCheck: { TableName: TABLE, Key: { pk: 'CC', sk: 'MISSING' }, ConditionExpression: 'attribute_exists(pk)' } },
          ],
        }),
      )
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'CC', sk: 'X' } }))).Item).toBeUndefined();
  });

  it('rolls back already-applied writes when a later write fails while applying', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'RB', sk: 'TEXT', s: 'not a number' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'RB', sk: 'KEEP', v: 'old' } }));
    const error = await doc
      .send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: TABLE, Item: { pk: 'RB', sk: 'NEW' } } },
            { Put: { TableName: TABLE, Item: { pk: 'RB', sk: 'KEEP', v: 'new' } } },
            { Update: { TableName: TABLE, Key: { pk: 'RB', sk: 'TEXT' }, UpdateExpression: 'ADD s :one', ExpressionAttributeValues: { ':one': 1 } } },
          ],
        }),
      )
      .catch((err: unknown) => err);
    expect((error as Error).name).toBe('ValidationException');
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'RB', sk: 'NEW' } }))).Item).toBeUndefined();
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'RB', sk: 'KEEP' } }))).Item).toEqual({ pk: 'RB', sk: 'KEEP', v: 'old' });
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'RB', sk: 'TEXT' } }))).Item?.s).toBe('not a number');
  });

  it('rejects the same item twice and more than 100 items with ValidationException', async () => {
    const twice = await doc
      .send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: TABLE, Item: { pk: 'D', sk: '1' } } }, { Delete: { TableName: TABLE, Key: { pk: 'D', sk: '1' } } }],
        }),
      )
      .catch((err: unknown) => err);
    expect((twice as Error).name).toBe('ValidationException');
    const tooMany = await doc
      .send(
        new TransactWriteCommand({
          TransactItems: Array.from({ length: 101 }, (_, i) => ({ Put: { TableName: TABLE, Item: { pk: 'MANY', sk: String(i) } } })),
        }),
      )
      .catch((err: unknown) => err);
    expect((tooMany as Error).name).toBe('ValidationException');
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'MANY', sk: '0' } }))).Item).toBeUndefined();
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'D', sk: '1' } }))).Item).toBeUndefined();
  });

  it('20 concurrent transactions guarding the same unique name: exactly one succeeds', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: TABLE, Item: { pk: `MACHINE#${i}`, sk: 'MACHINE', name: 'Lobby' } } },
              { Put: { TableName: TABLE, Item: { pk: 'UNIQUE#name#Lobby', sk: 'UNIQUE', owner: i }, ConditionExpression: 'attribute_not_exists(pk)' } },
              { Update: { TableName: TABLE, Key: { pk: 'STATS', sk: 'MACHINES' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
            ],
          }),
        ),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const a of attempts) if (a.status === 'rejected') expect(a.reason).toBeInstanceOf(TransactionCanceledException);
    const guard = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'UNIQUE#name#Lobby', sk: 'UNIQUE' } }));
    const winner = guard.Item?.owner as number;
    const machines = await Promise.all(
      Array.from({ length: 20 }, (_, i) => doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `MACHINE#${i}`, sk: 'MACHINE' } }))),
    );
    expect(machines.map((m, i) => (m.Item ? i : -1)).filter((i) => i >= 0)).toEqual([winner]);
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'STATS', sk: 'MACHINES' } }))).Item?.n).toBe(1);
  });

  it('single conditional writes still work and return ALL_OLD on a failed condition', async () => {
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: 'S', sk: '1', v: 'a' } }));
    const error = await doc
      .send(
        new UpdateCommand({
          TableName: TABLE,
          Key: { pk: 'S', sk: '1' },
          UpdateExpression: 'SET v = :b',
          ConditionExpression: 'v = :c',
          ExpressionAttributeValues: { ':b': 'b', ':c': 'c' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    expect((error as ConditionalCheckFailedException).Item).toEqual({ pk: { S: 'S' }, sk: { S: '1' }, v: { S: 'a' } });
  });

  it('counts operations by target name and resets them over HTTP', async () => {
    dynamo.resetOpCounts();
    await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'A', sk: 'B' } }));
    await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'A', sk: 'B' } }));
    await doc.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName: TABLE, Key: { pk: 'A', sk: 'B' } } }] }));
    expect(dynamo.opCounts()).toEqual({ GetItem: 2, TransactGetItems: 1 });
    const viaHttp = (await (await fetch(`${dynamo.endpoint}/__local/ops`)).json()) as Record<string, number>;
    expect(viaHttp).toEqual({ GetItem: 2, TransactGetItems: 1 });
    await fetch(`${dynamo.endpoint}/__local/ops`, { method: 'DELETE' });
    expect(dynamo.opCounts()).toEqual({});
  });

  it('counts the items written, not the calls, by operation and key pattern', async () => {
    dynamo.resetOpCounts();
    const samples = Array.from({ length: 25 }, (_, i) => ({
      PutRequest: { Item: { pk: 'MERCHANT#acme#POS#CENG-1', sk: `SENSOR#2026-01-01T00:00:${String(i).padStart(2, '0')}Z#m${i}`, v: i } },
    }));
    await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: samples } }));
    await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: [{ DeleteRequest: { Key: { pk: 'A', sk: 'B' } } }] } }));
    await doc.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: 'MERCHANT#acme#POS#CENG-1', sk: 'TELEMETRY' },
        UpdateExpression: 'SET v = :v',
        ExpressionAttributeValues: { ':v': 1 },
      }),
    );
    // A write whose condition fails is still a write the database had to consider.
    await doc
      .send(new PutCommand({ TableName: TABLE, Item: { pk: 'MERCHANT#acme#POS#CENG-1', sk: 'TELEMETRY' }, ConditionExpression: 'attribute_not_exists(pk)' }))
      .catch((err: unknown) => expect(err).toBeInstanceOf(ConditionalCheckFailedException));
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: TABLE,
              Key: { pk: 'COUNTER#POS#acme', sk: 'TOTAL' },
              UpdateExpression: 'ADD n :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          { Put: { TableName: TABLE, Item: { pk: 'MERCHANT#acme#POS#CENG-1', sk: 'POS' } } },
          { ConditionCheck: { TableName: TABLE, Key: { pk: 'DEVICE#CENG-1', sk: 'REGISTRY' }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    expect(dynamo.opCounts()).toEqual({ BatchWriteItem: 2, UpdateItem: 1, PutItem: 1, TransactWriteItems: 1 });
    const expected = {
      'BatchWriteItem.Put MERCHANT#…#POS#… SENSOR#…#…': 25,
      'BatchWriteItem.Delete A B': 1,
      'UpdateItem MERCHANT#…#POS#… TELEMETRY': 1,
      'PutItem MERCHANT#…#POS#… TELEMETRY': 1,
      'TransactWriteItems.Update COUNTER#POS#… TOTAL': 1,
      'TransactWriteItems.Put MERCHANT#…#POS#… POS': 1,
    };
    expect(dynamo.itemWriteCounts()).toEqual(expected);
    expect(await (await fetch(`${dynamo.endpoint}/__local/item-writes`)).json()).toEqual(expected);
    await fetch(`${dynamo.endpoint}/__local/item-writes`, { method: 'DELETE' });
    expect(dynamo.itemWriteCounts()).toEqual({});
    expect(dynamo.opCounts()).toEqual({});
  });
});

describe('local DynamoDB persistence', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-dynamo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps tables and items across a stop/start with a path', async () => {
    const first = await startDynamo({ path: dir });
    try {
      await createTable(first.endpoint, TABLE);
      const doc = docClient(first.endpoint);
      await doc.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: TABLE, Item: { pk: 'P', sk: '1', v: 'kept' } } }] }));
      doc.destroy();
    } finally {
      await first.stop();
    }
    const second = await startDynamo({ path: dir });
    try {
      await createTable(second.endpoint, TABLE); // exists → ok
      const doc = docClient(second.endpoint);
      const got = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: 'P', sk: '1' } }));
      expect(got.Item).toEqual({ pk: 'P', sk: '1', v: 'kept' });
      doc.destroy();
    } finally {
      await second.stop();
    }
  });
});

describe('local DynamoDB store iterators', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-dynamo-iterators-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Every Query and Scan opened a store iterator that was never closed: the store kept each one (and the snapshot
  // it holds) until it closed, so the emulator's memory grew with every list request.
  it.each([
    ['in memory', undefined],
    ['on disk', join(dir, 'store')],
  ])('Queries and Scans %s, stopped by their Limit or read to the end, leave no store iterator open', async (_store, path) => {
    const level = dynaliteAbstractLevel().AbstractLevel!.prototype as { attachResource(r: unknown): void; detachResource(r: unknown): void };
    const attached = vi.spyOn(level, 'attachResource');
    const detached = vi.spyOn(level, 'detachResource');
    const dynamo = await startDynamo({ path });
    const doc = docClient(dynamo.endpoint);
    try {
      await createTable(dynamo.endpoint, TABLE);
      await doc.send(
        new BatchWriteCommand({
          RequestItems: {
            [TABLE]: Array.from({ length: 20 }, (_, i) => ({ PutRequest: { Item: { pk: 'LIST', sk: `#${i}`, gsi1pk: 'G', gsi1sk: `#${i}` } } })),
          },
        }),
      );
      const query = { TableName: TABLE, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'LIST' } };
      for (let i = 0; i < 50; i++) {
        await Promise.all([
          doc.send(new QueryCommand({ ...query, Limit: 5 })),
          doc.send(new QueryCommand(query)),
          doc.send(
            new QueryCommand({
              TableName: TABLE,
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :g',
              ExpressionAttributeValues: { ':g': 'G' },
              Limit: 3,
            }),
          ),
          doc.send(new ScanCommand({ TableName: TABLE, Limit: 2 })),
        ]);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(attached.mock.calls.length).toBeGreaterThanOrEqual(200);
      expect(detached.mock.calls.length).toBe(attached.mock.calls.length);
    } finally {
      doc.destroy();
      await dynamo.stop();
      attached.mockRestore();
      detached.mockRestore();
    }
  });
});
