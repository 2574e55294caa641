/**
 * The audit trail's items (ACCESS-PATTERNS AT1–AT3): one item per entry under its merchant, keyed by its place in the
 * chain, never updated or deleted (IAM denies both on these partitions; TTL removes an entry after the retention).
 * An entry is put on the condition that its sequence number is free: of two calls linking after the same entry, one
 * lands and the other reads the new last entry and links after it, so the chain stays whole under concurrency.
 */
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditTrailEntry } from '#schemas/audit';
import type { Total } from '#schemas/paging';
import { chained } from '../../core/audit/chain';
import type { AuditTrailSelection, AuditTrailStore } from '../../core/audit/ports';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery } from './paging';
import { isConditionFailure } from './transactions';

type Item = Record<string, unknown>;
type Link = Pick<AuditTrailEntry, 'seq' | 'hash'>;

/** Tries to link one entry before giving up (each failed try means another call linked first). */
const MAX_APPEND_ATTEMPTS = 40;
const CHAIN_PAGE = 500;

/** The last entry this process linked, per merchant: the next append usually needs no read. */
const lastLinked = new Map<string, Link>();

const entryOf = (item: Item): AuditTrailEntry => {
  const { pk, sk, gsi1pk, gsi1sk, entity, expiresAt, targetKeys, ...entry } = item;
  return entry as AuditTrailEntry;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readOf(merchantId: string, sel: AuditTrailSelection): Pick<PageQuery, 'index' | 'partition' | 'between' | 'filter'> {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (sel.userId) {
    Object.assign(names, { '#f_actor': 'actor', '#f_userId': 'userId' });
    values[':f_userId'] = sel.userId;
    parts.push('#f_actor.#f_userId = :f_userId');
  }
  for (const [field, value] of [
    ['action', sel.action],
    ['outcome', sel.outcome],
  ] as const) {
    if (value === undefined) continue;
    names[`#f_${field}`] = field;
    values[`:f_${field}`] = value;
    parts.push(`#f_${field} = :f_${field}`);
  }
  sel.targets.forEach((target, i) => {
    names['#f_targets'] = 'targetKeys';
    values[`:f_t${i}`] = target;
    parts.push(`contains(#f_targets, :f_t${i})`);
  });
  const filter: ItemFilter | undefined = parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
  // `to` is exclusive: every sort key of an entry answered at `to` sorts after it.
  return { index: 'gsi1', partition: keys.auditTrailTimePk(merchantId), between: { from: sel.from, to: sel.to }, ...(filter ? { filter } : {}) };
}

export class DynamoAuditTrailStore implements AuditTrailStore {
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

  async get(merchantId: string, seq: number): Promise<AuditTrailEntry | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.auditTrailEntry(merchantId, seq) }));
    return res.Item ? entryOf(res.Item) : undefined;
  }

  async listSlice(merchantId: string, sel: Parameters<AuditTrailStore['listSlice']>[1]): Promise<{ items: AuditTrailEntry[]; cursor?: string }> {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      ...readOf(merchantId, sel),
      forward: sel.ordType === 'asc',
      offset: sel.offset,
      limit: sel.limit,
      cursor: sel.cursor,
    });
    return { items: page.items.map(entryOf), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  count(merchantId: string, sel: AuditTrailSelection): Promise<Total> {
    return countQuery(this.doc, { tableName: this.tableName, ...readOf(merchantId, sel) });
  }

  async read(merchantId: string, sel: AuditTrailSelection & { ordType: 'asc' | 'desc'; max: number }): Promise<AuditTrailEntry[]> {
    const { partition, ...range } = readOf(merchantId, sel);
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      partition: partition as string,
      ...range,
      forward: sel.ordType === 'asc',
      max: sel.max,
    });
    return items.map(entryOf);
  }

  async *chain(merchantId: string): AsyncIterable<AuditTrailEntry[]> {
    let start: Item | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :seq)',
          ExpressionAttributeValues: { ':pk': keys.auditTrailPk(merchantId), ':seq': keys.auditTrailSeqPrefix },
          ConsistentRead: true,
          ExclusiveStartKey: start,
          Limit: CHAIN_PAGE,
        }),
      );
      yield (res.Items ?? []).map(entryOf);
      start = res.LastEvaluatedKey;
    } while (start);
  }
}
