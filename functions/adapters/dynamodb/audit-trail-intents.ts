/**
 * The calls' intents (ACCESS-PATTERNS AT4), for the audit sweep: read by shard, oldest first; those whose entry exists
 * (found by its `intentId` in the merchant's entries by time, AT2) removed in batches; the others recorded by the writer.
 */
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchDeleteItems } from './batch-items';
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

  async appended(intents: readonly AuditTrailIntent[], until: string): Promise<Set<string>> {
    const byMerchant = new Map<string, AuditTrailIntent[]>();
    for (const intent of intents) byMerchant.set(intent.content.merchantId, [...(byMerchant.get(intent.content.merchantId) ?? []), intent]);
    const found = new Set<string>();
    await Promise.all(
      [...byMerchant].map(async ([merchantId, own]) => {
        // An entry is appended after its intent, within its call.
        const from = own.reduce((min, i) => (i.at < min ? i.at : min), own[0]!.at);
        let start: Record<string, unknown> | undefined;
        do {
          const res = await this.doc.send(
            new QueryCommand({
              TableName: this.tableName,
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :until',
              FilterExpression: 'attribute_exists(intentId)',
              ProjectionExpression: 'intentId',
              ExpressionAttributeValues: { ':pk': keys.auditTrailTimePk(merchantId), ':from': from, ':until': until },
              ExclusiveStartKey: start,
            }),
          );
          for (const item of res.Items ?? []) found.add(String(item.intentId));
          start = res.LastEvaluatedKey;
        } while (start);
      }),
    );
    return found;
  }

  clear(intents: readonly AuditTrailIntent[]): Promise<void> {
    return batchDeleteItems(
      this.doc,
      this.tableName,
      intents.map((i) => keys.auditIntent(i.at, i.id)),
    );
  }

  async record(intent: AuditTrailIntent, entry: AuditTrailContent): Promise<'recorded' | 'gone'> {
    return (await this.writer.appendRemoving(entry, intent, true)) === 'gone' ? 'gone' : 'recorded';
  }
}
