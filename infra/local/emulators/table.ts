/**
 * Creates the single table on a local DynamoDB endpoint from the shared key definition. Idempotent.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from '../../../functions/adapters/dynamodb/table';

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
  });
}

async function waitActive(client: DynamoDBClient, tableName: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (Table?.TableStatus === 'ACTIVE') return;
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
    if (Date.now() > deadline) throw new Error(`table ${tableName} did not become ACTIVE`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A table kept from an earlier start (`.local/`) may predate an index: its items lack the index's keys too, so
 * adding the index would not bring them back. Starting afresh is the way, and the message says so.
 */
async function requireIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const missing = TABLE_DEFINITION.globalIndexes.filter((i) => !present.has(i.name)).map((i) => i.name);
  if (missing.length) {
    throw new Error(
      `the local table ${tableName} was created before index ${missing.join(', ')} existed: delete .local/ (or the stack's data folder) to start afresh with demo data`,
    );
  }
}

/** Creates `tableName` (keys, GSIs projected ALL, PAY_PER_REQUEST, TTL when supported) and waits until ACTIVE. */
export async function createTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    const def = TABLE_DEFINITION;
    const attributeNames = new Set<string>([def.partitionKey, def.sortKey]);
    for (const index of def.globalIndexes) {
      attributeNames.add(index.partitionKey);
      attributeNames.add(index.sortKey);
    }
    const attributes: AttributeDefinition[] = [...attributeNames].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
    let created = false;
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: attributes,
          KeySchema: [
            { AttributeName: def.partitionKey, KeyType: 'HASH' },
            { AttributeName: def.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: def.globalIndexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
        }),
      );
      created = true;
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
    }
    await waitActive(client, tableName);
    if (!created) {
      await requireIndexes(client, tableName);
    } else {
      try {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: tableName,
            TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
          }),
        );
      } catch {
        // dynalite has no UpdateTimeToLive (UnknownOperationException): TTL is not emulated locally.
      }
    }
  } finally {
    client.destroy();
  }
}
