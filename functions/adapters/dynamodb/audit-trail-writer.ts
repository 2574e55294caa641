/**
 * Appends to the audit trail (ACCESS-PATTERNS AT1): one item per entry under its merchant, keyed by its place in the
 * chain, never updated or deleted (IAM denies both on these partitions; TTL removes an entry after the retention).
 * An entry is put on the condition that its sequence number is free: of two calls linking after the same entry, one
 * lands and the other reads the new last entry and links after it, so the chain stays whole under concurrency.
 *
 * Also writes the calls' intents (AT4): the intent goes into the change's own transaction (`intentPut`); the entry
 * names it (`append`), or is appended in one transaction with its removal (`appendRemoving`: the sweep, and a call
 * whose entry goes to another merchant's chain than its intent named).
 * Apart from the reads so that every API function, which carries it, bundles no list paging.
 */
import { PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { AuditTrailEntry } from '#schemas/audit';
import { chained } from '../../core/audit/chain';
import type { AuditTrailContent, AuditTrailIntent, AuditTrailStore } from '../../core/audit/ports';
import * as keys from './keys';
import { isConditionFailure, isTransactionCancelled, type TransactItem } from './transactions';

type Link = Pick<AuditTrailEntry, 'seq' | 'hash'>;

/** Tries to link one entry before giving up (each failed try means another call linked first). */
const MAX_APPEND_ATTEMPTS = 40;

/** The last entry this process linked, per merchant: the next append usually needs no read. */
const lastLinked = new Map<string, Link>();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How one try at putting an entry ended: landed, its place taken by another call, or (with an intent) the intent already gone. */
type Attempt = 'landed' | 'taken' | 'gone';

export class DynamoAuditTrailWriter implements Pick<AuditTrailStore, 'append'> {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Entries expire (TTL) this long after they were written. */
    private readonly retentionDays: number,
  ) {}

  private expiresAt(at: string): number {
    return Math.floor(Date.parse(at) / 1000) + this.retentionDays * 86_400;
  }

  private entryPut(entry: AuditTrailEntry, intentId?: string) {
    return {
      TableName: this.tableName,
      Item: {
        ...keys.auditTrailEntry(entry.merchantId, entry.seq),
        ...keys.auditTrailByTime(entry.merchantId, entry.at, entry.seq),
        entity: 'auditTrail',
        ...entry,
        targetKeys: entry.targets.map((t) => `${t.type}:${t.id}`),
        // Outside the hashed entry: tells the audit sweep that this intent's call appended its entry.
        ...(intentId ? { intentId } : {}),
        expiresAt: this.expiresAt(entry.at),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    };
  }

  /** Appends the entry; `intentId`: the call's intent, which the audit sweep then removes (the entry names it). */
  async append(content: AuditTrailContent, intentId?: string): Promise<AuditTrailEntry> {
    const linked = await this.link(content, async (entry) => {
      try {
        await this.doc.send(new PutCommand(this.entryPut(entry, intentId)));
        return 'landed';
      } catch (e) {
        if (isConditionFailure(e)) return 'taken';
        throw e;
      }
    });
    return linked as AuditTrailEntry;
  }

  /**
   * Appends the entry and removes `intent` in one transaction. `mustExist` (the sweep): only while the intent is still
   * there, else nothing is written and 'gone' is answered (another sweep recorded it).
   */
  async appendRemoving(content: AuditTrailContent, intent: Pick<AuditTrailIntent, 'id' | 'at'>, mustExist: boolean): Promise<AuditTrailEntry | 'gone'> {
    const remove = {
      Delete: { TableName: this.tableName, Key: keys.auditIntent(intent.at, intent.id), ...(mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {}) },
    };
    return this.link(content, async (entry) => {
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: [{ Put: this.entryPut(entry) }, remove] }));
        return 'landed';
      } catch (e) {
        if (!isTransactionCancelled(e)) throw e;
        const reasons = (e as TransactionCanceledException).CancellationReasons ?? [];
        if (reasons[1]?.Code === 'ConditionalCheckFailed') return 'gone';
        // The place taken, or a conflict with another transaction on the same items: read the chain's end again.
        return 'taken';
      }
    });
  }

  /** The intent's item as a Put of the change's own transaction (AT4); its key is new (a random id), so no condition. */
  intentPut(intent: AuditTrailIntent): TransactItem {
    return { Put: { TableName: this.tableName, Item: this.intentItem(intent) } };
  }

  /** Puts the intent on its own (before a write that is no transaction), or again with its `final` entry. */
  async putIntent(intent: AuditTrailIntent): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: this.intentItem(intent) }));
  }

  private intentItem(intent: AuditTrailIntent) {
    return { ...keys.auditIntent(intent.at, intent.id), entity: 'auditTrailIntent', ...intent, expiresAt: this.expiresAt(intent.at) };
  }

  private async link(content: AuditTrailContent, put: (entry: AuditTrailEntry) => Promise<Attempt>): Promise<AuditTrailEntry | 'gone'> {
    const { merchantId } = content;
    let previous = lastLinked.get(merchantId);
    let known = previous !== undefined;
    for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
      if (!known) previous = await this.last(merchantId);
      const entry = chained(content, previous);
      const outcome = await put(entry);
      if (outcome === 'gone') return 'gone';
      if (outcome === 'landed') {
        lastLinked.set(merchantId, { seq: entry.seq, hash: entry.hash });
        return entry;
      }
      known = false;
      lastLinked.delete(merchantId);
      await pause(Math.random() * Math.min(50, 2 * attempt));
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
