/** The intents calls left behind (ACCESS-PATTERNS AT4), for the audit sweep: read by shard, oldest first; recorded by the writer. */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditTrailContent, AuditTrailIntent, AuditTrailIntents } from '../../core/audit/ports';
import { DynamoAuditTrailWriter } from './audit-trail-writer';
import * as keys from './keys';

export class DynamoAuditTrailIntents implements AuditTrailIntents {
  private readonly writer: DynamoAuditTrailWriter;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    retentionDays: number,
  ) {
    this.writer = new DynamoAuditTrailWriter(doc, tableName, retentionDays);
  }

  async leftOver(before: string, max: number): Promise<AuditTrailIntent[]> {
    const shards = await Promise.all(
      Array.from({ length: keys.AUDIT_INTENT_SHARDS }, async (_, shard) => {
        const res = await this.doc.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'pk = :pk AND sk < :before',
            ExpressionAttributeValues: { ':pk': keys.auditIntentPk(shard), ':before': before },
            ConsistentRead: true,
            Limit: max,
          }),
        );
        return (res.Items ?? []).map(({ id, at, content, final }) => ({ id, at, content, ...(final ? { final } : {}) }) as AuditTrailIntent);
      }),
    );
    return shards
      .flat()
      .sort((a, b) => a.at.localeCompare(b.at))
      .slice(0, max);
  }

  async record(intent: AuditTrailIntent, entry: AuditTrailContent): Promise<'recorded' | 'gone'> {
    return (await this.writer.appendRemoving(entry, intent, true)) === 'gone' ? 'gone' : 'recorded';
  }
}
