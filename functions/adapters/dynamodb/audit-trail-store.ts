/** The audit trail's reads (ACCESS-PATTERNS AT2, AT3); appends are audit-trail-writer.ts's (AT1), the only write. */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditTrailEntry } from '#schemas/audit';
import type { Total } from '#schemas/paging';
import type { AuditTrailSelection, AuditTrailStore } from '../../core/audit/ports';
import * as keys from './keys';
import { countQuery, queryPage, readRange, type ItemFilter, type PageQuery } from './paging';
import { DynamoAuditTrailWriter } from './audit-trail-writer';

type Item = Record<string, unknown>;

const CHAIN_PAGE = 500;

export const entryOf = (item: Item): AuditTrailEntry => {
  const { pk, sk, gsi1pk, gsi1sk, entity, expiresAt, targetKeys, intentId, ...entry } = item;
  return entry as AuditTrailEntry;
};

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

  append(content: Omit<AuditTrailEntry, 'seq' | 'prevHash' | 'hash'>): Promise<AuditTrailEntry> {
    return new DynamoAuditTrailWriter(this.doc, this.tableName, this.retentionDays).append(content);
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
