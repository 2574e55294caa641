/** Device messages kept aside as invalid, and their count by reason (ACCESS-PATTERNS I6, I7). */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InvalidMessages } from '../../core/ingestion/ports';
import type { InvalidMessage } from '../../core/ingestion/validation';
import { counterUpdate } from './counters';
import * as keys from './keys';
import { failedConditionIndex } from './transactions';

export class DynamoInvalidMessages implements InvalidMessages {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async keepAside(m: InvalidMessage, hash: string, expiresAt: number): Promise<void> {
    const receivedAt = new Date(m.receivedAt).toISOString();
    const counter = counterUpdate(this.tableName, keys.invalidMessagesCounterName, { count: 1, [`reason_${m.reason}`]: 1 })!;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  ...keys.invalidMessage(receivedAt.slice(0, 10), receivedAt, hash),
                  entity: 'INVALID_MESSAGE',
                  reason: m.reason,
                  detail: m.detail,
                  raw: m.raw,
                  rawEncoding: m.rawEncoding,
                  topic: m.topic,
                  receivedAt,
                  messageId: m.messageId,
                  serial: m.serial,
                  expiresAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            counter,
          ],
        }),
      );
    } catch (error) {
      // Already kept (a redelivery of the same message): counted then.
      if (failedConditionIndex(error) === 0) return;
      throw error;
    }
  }
}
