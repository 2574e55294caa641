import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Client } from '../../../schemas/client';
import { ClientInUseException, ClientNotFoundException, DuplicateClientNameException } from '../../core/clients/errors';
import type { ClientRepository, ClientSliceRequest } from '../../core/clients/ports';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import { keys, stripKeys } from './keys';
import { queryPage } from './paging';
import { failedConditionIndex } from './transactions';

const counterOf = (merchantId: string) => `MERCHANT#${merchantId}#CLIENTS`;

/** Fields an update sets; `machines` is moved only by the machines' transactions (ADD), never overwritten. */
const EDITABLE = ['code', 'name', 'companyName', 'vat', 'address', 'city', 'province', 'postalCode', 'country', 'phone', 'website', 'updatedAt'] as const;

function toItem(c: Client) {
  const nk = nameKey(c.name);
  return { ...c, ...keys.client(c.merchantId, c.id), ...keys.clientByName(c.merchantId, nk, c.id), entity: 'client', nameKey: nk };
}

function fromItem(item: Record<string, unknown>): Client {
  const { nameKey: _nk, ...rest } = stripKeys<Client & { nameKey: string }>(item);
  return { ...rest, machines: Number(rest.machines ?? 0) };
}

export class DynamoClientRepository implements ClientRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, id: string): Promise<Client | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.client(merchantId, id) }));
    return res.Item ? fromItem(res.Item) : undefined;
  }

  async listSlice(merchantId: string, req: ClientSliceRequest): Promise<{ items: Client[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.merchantClientsPk(merchantId),
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

  async create(c: Client): Promise<void> {
    const nk = nameKey(c.name);
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...keys.clientNameGuard(c.merchantId, nk), clientId: c.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(c.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: this.tableName, Item: toItem(c), ConditionExpression: 'attribute_not_exists(pk)' } },
            counterUpdate(this.tableName, counterOf(c.merchantId), { count: 1 })!,
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) throw new DuplicateClientNameException();
      if (failed === 1) throw new MerchantNotFoundException();
      throw error;
    }
    forgetCounter(counterOf(c.merchantId));
  }

  async update(current: Client, next: Client): Promise<void> {
    const m = current.merchantId;
    const oldKey = nameKey(current.name);
    const newKey = nameKey(next.name);
    const item = toItem(next);
    const set = [...EDITABLE, 'nameKey', 'gsi1sk'] as const;
    const update = {
      Update: {
        TableName: this.tableName,
        Key: keys.client(m, current.id),
        UpdateExpression: `SET ${set.map((_, i) => `#s${i} = :s${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND nameKey = :old',
        ExpressionAttributeNames: Object.fromEntries(set.map((a, i) => [`#s${i}`, a])),
        ExpressionAttributeValues: { ...Object.fromEntries(set.map((a, i) => [`:s${i}`, (item as Record<string, unknown>)[a]])), ':old': oldKey },
      },
    };
    const items =
      oldKey === newKey
        ? [update]
        : [
            { Put: { TableName: this.tableName, Item: { ...keys.clientNameGuard(m, newKey), clientId: current.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            update,
            { Delete: { TableName: this.tableName, Key: keys.clientNameGuard(m, oldKey), ConditionExpression: 'attribute_not_exists(pk) OR clientId = :id', ExpressionAttributeValues: { ':id': current.id } } },
          ];
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0 && oldKey !== newKey) throw new DuplicateClientNameException();
      if (failed >= 0) throw new ClientNotFoundException();
      throw error;
    }
  }

  async delete(current: Client): Promise<void> {
    const m = current.merchantId;
    const nk = nameKey(current.name);
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.tableName,
                Key: keys.client(m, current.id),
                ConditionExpression: 'attribute_exists(pk) AND nameKey = :nk AND (attribute_not_exists(machines) OR machines <= :zero)',
                ExpressionAttributeValues: { ':nk': nk, ':zero': 0 },
              },
            },
            { Delete: { TableName: this.tableName, Key: keys.clientNameGuard(m, nk), ConditionExpression: 'attribute_not_exists(pk) OR clientId = :id', ExpressionAttributeValues: { ':id': current.id } } },
            counterUpdate(this.tableName, counterOf(m), { count: -1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) >= 0) {
        const now = await this.get(m, current.id);
        if (now && now.machines > 0) throw new ClientInUseException();
        throw new ClientNotFoundException();
      }
      throw error;
    }
    forgetCounter(counterOf(m));
  }
}
