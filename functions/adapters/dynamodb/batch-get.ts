import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

/** Items by key (missing ones left out): one BatchGetItem per 100 keys, unprocessed keys asked again. */
export async function batchGetItems(doc: DynamoDBDocumentClient, tableName: string, keyList: ReadonlyArray<Record<string, unknown>>): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [tableName]: { Keys: keyList.slice(i, i + 100) } };
    while (request && Object.keys(request).length > 0) {
      const res = await doc.send(new BatchGetCommand({ RequestItems: request }));
      out.push(...(res.Responses?.[tableName] ?? []));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return out;
}
