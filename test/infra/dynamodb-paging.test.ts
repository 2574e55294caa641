import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutItems } from '../../functions/adapters/dynamodb/batch-items';
import { countQuery } from '../../functions/adapters/dynamodb/paging';
import { startDynamo, type LocalDynamo } from '../../infra/local/emulators/dynamodb';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';

const TABLE = 'vending-console';

describe('counting a list range (adapters/dynamodb/paging countQuery)', () => {
  let dynamo: LocalDynamo;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    dynamo = await startDynamo({ port: 0 });
    await createTable(dynamo.endpoint, TABLE);
    doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    // 60 items, every third one "open".
    await batchPutItems(doc, TABLE, Array.from({ length: 60 }, (_, i) => ({ pk: 'P', sk: `ITEM#${String(i).padStart(3, '0')}`, state: i % 3 === 0 ? 'open' : 'closed' })));
  });
  afterAll(async () => {
    doc?.destroy();
    await dynamo?.stop();
  });

  const open = { expression: '#s = :s', names: { '#s': 'state' }, values: { ':s': 'open' } };

  it('is exact when the range fits the read limit, with or without a filter', async () => {
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', beginsWith: 'ITEM#' })).toEqual({ count: 60 });
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', beginsWith: 'ITEM#', filter: open })).toEqual({ count: 20 });
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', between: { from: 'ITEM#010', to: 'ITEM#019' } }, 10)).toEqual({ count: 10 });
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P' }, 60)).toEqual({ count: 60 });
  });

  it('stops at the read limit and says the count is a lower bound', async () => {
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P' }, 25)).toEqual({ count: 26, atLeast: true });
    // The limit counts items read, not items matched: 31 read (one past the limit), 11 of them open.
    expect(await countQuery(doc, { tableName: TABLE, partition: 'P', filter: open }, 30)).toEqual({ count: 11, atLeast: true });
  });
});
