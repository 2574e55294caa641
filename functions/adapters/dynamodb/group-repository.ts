import { BatchGetCommand, GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Group, GroupInput } from '../../../schemas/group';
import { DuplicateGroupNameException, GroupNotFoundException } from '../../core/groups/errors';
import type { GroupRepository, GroupSliceRequest } from '../../core/groups/ports';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import { keys, stripKeys } from './keys';
import { queryPage } from './paging';
import { failedConditionIndex } from './transactions';

const counterOf = (merchantId: string) => `MERCHANT#${merchantId}#GROUPS`;

function toItem(g: Group) {
  const nk = nameKey(g.name);
  return { ...g, ...keys.group(g.merchantId, g.id), ...keys.groupByName(g.merchantId, nk, g.id), entity: 'group', nameKey: nk };
}

function fromItem(item: Record<string, unknown>): Group {
  const { nameKey: _nk, ...rest } = stripKeys<Group & { nameKey: string }>(item);
  return rest;
}

export class DynamoGroupRepository implements GroupRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, id: string): Promise<Group | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.group(merchantId, id) }));
    return res.Item ? fromItem(res.Item) : undefined;
  }

  private async batchGet(keyList: Array<Record<string, string>>): Promise<Group[]> {
    const out: Group[] = [];
    for (let i = 0; i < keyList.length; i += 100) {
      let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [this.tableName]: { Keys: keyList.slice(i, i + 100) } };
      while (request && Object.keys(request).length > 0) {
        const res = await this.doc.send(new BatchGetCommand({ RequestItems: request }));
        out.push(...(res.Responses?.[this.tableName] ?? []).map(fromItem));
        request = res.UnprocessedKeys as typeof request;
      }
    }
    return out;
  }

  getMany(merchantId: string, ids: readonly string[]): Promise<Group[]> {
    return this.batchGet([...new Set(ids)].map((id) => keys.group(merchantId, id)));
  }

  /** Group keys carry their merchant: one BatchGet over merchants × ids (a user has few of both). */
  findInMerchants(merchantIds: readonly string[], ids: readonly string[]): Promise<Group[]> {
    const uniqueIds = [...new Set(ids)];
    return this.batchGet([...new Set(merchantIds)].flatMap((m) => uniqueIds.map((id) => keys.group(m, id))));
  }

  async listSlice(merchantId: string, req: GroupSliceRequest): Promise<{ items: Group[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.merchantGroupsPk(merchantId),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map(fromItem), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  count(merchantId: string): Promise<number> {
    return readCounter(this.doc, this.tableName, counterOf(merchantId));
  }

  async create(g: Group): Promise<void> {
    const nk = nameKey(g.name);
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...keys.groupNameGuard(g.merchantId, nk), groupId: g.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(g.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: this.tableName, Item: toItem(g), ConditionExpression: 'attribute_not_exists(pk)' } },
            counterUpdate(this.tableName, counterOf(g.merchantId), { count: 1 })!,
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) throw new DuplicateGroupNameException();
      if (failed === 1) throw new MerchantNotFoundException();
      throw error;
    }
    forgetCounter(counterOf(g.merchantId));
  }

  async update(merchantId: string, id: string, input: GroupInput, updatedAt: string): Promise<Group> {
    const current = await this.get(merchantId, id);
    if (!current) throw new GroupNotFoundException();
    const next: Group = { ...current, ...input, updatedAt: updatedAt > current.updatedAt ? updatedAt : current.updatedAt };
    const oldKey = nameKey(current.name);
    const newKey = nameKey(next.name);
    const putGroup = {
      Put: { TableName: this.tableName, Item: toItem(next), ConditionExpression: 'attribute_exists(pk) AND nameKey = :old', ExpressionAttributeValues: { ':old': oldKey } },
    };
    const items =
      oldKey === newKey
        ? [putGroup]
        : [
            { Put: { TableName: this.tableName, Item: { ...keys.groupNameGuard(merchantId, newKey), groupId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            putGroup,
            { Delete: { TableName: this.tableName, Key: keys.groupNameGuard(merchantId, oldKey), ConditionExpression: 'groupId = :id', ExpressionAttributeValues: { ':id': id } } },
          ];
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0 && oldKey !== newKey) throw new DuplicateGroupNameException();
      if (failed >= 0) throw new GroupNotFoundException();
      throw error;
    }
    return next;
  }

  async delete(merchantId: string, id: string): Promise<void> {
    const current = await this.get(merchantId, id);
    if (!current) throw new GroupNotFoundException();
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.group(merchantId, id),
                // Not renamed meanwhile: the guard deleted next is this name's.
                ConditionExpression: 'attribute_exists(pk) AND nameKey = :nk',
                ExpressionAttributeValues: { ':nk': nameKey(current.name) },
              },
            },
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.groupNameGuard(merchantId, nameKey(current.name)),
                ConditionExpression: 'attribute_not_exists(pk) OR groupId = :id',
                ExpressionAttributeValues: { ':id': id },
              },
            },
            counterUpdate(this.tableName, counterOf(merchantId), { count: -1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) >= 0) throw new GroupNotFoundException();
      throw error;
    }
    forgetCounter(counterOf(merchantId));
  }
}
