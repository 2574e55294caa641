/**
 * Appends to the audit trail (ACCESS-PATTERNS AT1): one item per entry under its merchant, keyed by its place in the
 * chain, never updated or deleted (IAM denies both on these partitions; TTL removes an entry after the retention).
 * An entry is put on the condition that its sequence number is free: of two calls linking after the same entry, one
 * lands and the other reads the new last entry and links after it, so the chain stays whole under concurrency.
 * Apart from the reads so that every API function, which carries it, bundles no list paging.
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditTrailEntry } from '#schemas/audit';
import { chained } from '../../core/audit/chain';
import type { AuditTrailStore } from '../../core/audit/ports';
import * as keys from './keys';
import { isConditionFailure } from './transactions';

type Link = Pick<AuditTrailEntry, 'seq' | 'hash'>;

/** Tries to link one entry before giving up (each failed try means another call linked first). */
const MAX_APPEND_ATTEMPTS = 40;

/** The last entry this process linked, per merchant: the next append usually needs no read. */
const lastLinked = new Map<string, Link>();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DynamoAuditTrailWriter implements Pick<AuditTrailStore, 'append'> {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Entries expire (TTL) this long after they were written. */
    private readonly retentionDays: number,
  ) {}

  async append(content: Omit<AuditTrailEntry, 'seq' | 'prevHash' | 'hash'>): Promise<AuditTrailEntry> {
    const { merchantId } = content;
    let previous = lastLinked.get(merchantId);
    let known = previous !== undefined;
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
      if (!known) previous = await this.last(merchantId);
      const entry = chained(content, previous);
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              ...keys.auditTrailEntry(merchantId, entry.seq),
              ...keys.auditTrailByTime(merchantId, entry.at, entry.seq),
              entity: 'auditTrail',
              ...entry,
              targetKeys: entry.targets.map((t) => `${t.type}:${t.id}`),
              expiresAt: Math.floor(Date.parse(entry.at) / 1000) + this.retentionDays * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        lastLinked.set(merchantId, { seq: entry.seq, hash: entry.hash });
        return entry;
      } catch (e) {
        if (!isConditionFailure(e)) throw e;
        known = false;
        lastLinked.delete(merchantId);
        await pause(Math.random() * Math.min(50, 2 * attempt));
      }
    }
    throw new Error(`audit trail of ${merchantId}: no free place in the chain after ${MAX_APPEND_ATTEMPTS} attempts`);
  }

  private async last(merchantId: string): Promise<Link | undefined> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :seq)',
        ExpressionAttributeValues: { ':pk': keys.auditTrailPk(merchantId), ':seq': keys.auditTrailSeqPrefix },
        ProjectionExpression: 'seq, #hash',
        ExpressionAttributeNames: { '#hash': 'hash' },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    return res.Items?.[0] as Link | undefined;
  }
}
