/**
 * A customer's item read and saved whole (ACCESS-PATTERNS C1): what the payment service's callback registers a paying
 * customer with, without the repository's lists and media associations; the repository extends it.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Customer } from '#schemas/customer';
import type { CustomerRecord } from '../../core/customers/model';
import type { CustomerRepository } from '../../core/customers/ports';
import { counterUpdate, forgetCounter } from './counters';
import * as keys from './keys';
import { recordSchema } from './records';
import { isConditionFailure, transactOrConflict } from './transactions';
import { setParts } from './update-expression';

type Item = Record<string, unknown>;

/** The record's own attributes: what a save writes (the media ids and count are the association's). */
const OWN_FIELDS = ['id', 'merchantId', 'userId', 'name', 'email', 'registeredAt', 'consents', 'paymentInfo', 'version', 'updatedAt'] as const;

const searchKeyOf = (r: CustomerRecord) => [r.userId, r.name ?? '', r.email ?? ''].join('\n').toLowerCase();

function ownAttributes(r: CustomerRecord): Item {
  return { ...Object.fromEntries(OWN_FIELDS.map((f) => [f, r[f]])), searchKey: searchKeyOf(r) };
}

/**
 * The record schema of a customer item (C1): its own attributes, and its medias' ids from the association's string
 * set (absent when it has none: DynamoDB keeps no empty set), sorted.
 */
export const customerRecord = recordSchema<CustomerRecord>(
  'customer',
  z.extend(
    z.pick(Customer, {
      id: true,
      merchantId: true,
      userId: true,
      name: true,
      email: true,
      registeredAt: true,
      consents: true,
      paymentInfo: true,
      updatedAt: true,
    }),
    {
      mediaIds: z._default(
        z.pipe(
          z.set(z.string()),
          z.transform((ids) => [...ids].sort()),
        ),
        [],
      ),
      version: z.number(),
    },
  ),
);

export const recordOf = (item: Item): CustomerRecord => customerRecord.read(item);

export class DynamoCustomerRecords implements Pick<CustomerRepository, 'get' | 'save'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  async get(merchantId: string, id: string): Promise<CustomerRecord | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.customer(merchantId, id), ConsistentRead: true }));
    return res.Item ? recordOf(res.Item) : undefined;
  }

  async save(next: CustomerRecord, readVersion: number | undefined): Promise<boolean> {
    if (readVersion === undefined) {
      const counter = keys.customersCounterName(next.merchantId);
      const item = {
        ...keys.customer(next.merchantId, next.id),
        ...keys.customerByRegistration(next.merchantId, next.registeredAt, next.id),
        entity: 'customer',
        ...ownAttributes(next),
        medias: 0,
      };
      const outcome = await transactOrConflict(this.doc, [
        { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        counterUpdate(this.tableName, counter, { count: 1 })!,
      ]);
      forgetCounter(counter);
      return outcome === 'ok';
    }
    const set = setParts(ownAttributes(next), 's');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.customer(next.merchantId, next.id),
          UpdateExpression: `SET ${set.parts.join(', ')}`,
          ConditionExpression: 'version = :read',
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: { ...set.values, ':read': readVersion },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
