/** Which device messages were processed completely before (ACCESS-PATTERNS I1): the dedup of sales, audits, configs and alarms. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProcessedMessages } from '../../core/ingestion/ports';
import { batchGetItems, batchPutItems } from './batch-items';
import * as keys from './keys';

export class DynamoProcessedMessages implements ProcessedMessages {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async processed(messageIds: readonly string[]): Promise<Set<string>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      messageIds.map((id) => keys.deviceMessage(id)),
      { expression: 'pk' },
    );
    return new Set(items.map((i) => String(i.pk).slice('MSG#'.length)));
  }

  async markProcessed(messageIds: readonly string[], expiresAt: number): Promise<void> {
    await batchPutItems(
      this.doc,
      this.tableName,
      messageIds.map((id) => ({ ...keys.deviceMessage(id), expiresAt })),
    );
  }
}
