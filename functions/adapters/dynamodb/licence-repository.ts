import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { License, LICENSE_STATUS, DEMO_LICENSE_TYPE, type LicenseStatus } from '#schemas/licence';
import { LicenseChangedConcurrentlyException } from '../../core/licences/errors';
import type { StoredLicense } from '../../core/licences/model';
import type { LicenseRepository, LicenseSlice, LicenseTokenRef } from '../../core/licences/ports';
import * as keys from './keys';
import { countQuery, queryPage, readRange } from './paging';
import { recordSchema } from './records';
import { isConditionFailure } from './transactions';

type Item = Record<string, unknown>;

/** The record schemas of a licence (L1) and of a confirmation token's item (L5). */
export const licenseRecord = recordSchema<StoredLicense>(
  'license',
  z.extend(License, {
    tokenHash: z._default(z.nullable(z.string()), null),
    tokenExpiresAt: z._default(z.nullable(z.string()), null),
    mailDue: z._default(z.boolean(), false),
    warnedAt: z._default(z.nullable(z.string()), null),
  }),
);
const tokenRecord = recordSchema<LicenseTokenRef>('licenseToken', z.object({ merchantId: z.string(), serial: z.string() }));

const LIVE: readonly number[] = [LICENSE_STATUS.pending, LICENSE_STATUS.sent, LICENSE_STATUS.confirmed, LICENSE_STATUS.activated];

/** The item of a licence with the index entries its state calls for. */
function licenseItem(l: StoredLicense): Item {
  return {
    ...l,
    ...keys.license(l.merchantId, l.serial),
    ...keys.licenseByStatus(l.merchantId, l.status, l.serial),
    ...(l.mailDue && l.sentAt ? keys.licenseMailDue(l.sentAt, l.merchantId, l.serial) : {}),
    ...(l.type === DEMO_LICENSE_TYPE && l.expiresOn && LIVE.includes(l.status) ? keys.licenseDemoExpiry(l.expiresOn, l.merchantId, l.serial) : {}),
    entity: 'license',
  };
}

export class DynamoLicenseRepository implements LicenseRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(merchantId: string, serial: string): Promise<StoredLicense | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.license(merchantId, serial) }));
    return res.Item ? licenseRecord.read(res.Item) : undefined;
  }

  async save(current: StoredLicense | undefined, next: StoredLicense): Promise<void> {
    const T = this.tableName;
    const tokenChanged = current?.tokenHash !== next.tokenHash;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: T,
                Item: licenseItem(next),
                ...(current
                  ? { ConditionExpression: 'updatedAt = :u', ExpressionAttributeValues: { ':u': current.updatedAt } }
                  : { ConditionExpression: 'attribute_not_exists(pk)' }),
              },
            },
            ...(tokenChanged && current?.tokenHash ? [{ Delete: { TableName: T, Key: keys.licenseToken(current.tokenHash) } }] : []),
            ...(tokenChanged && next.tokenHash && next.tokenExpiresAt
              ? [
                  {
                    Put: {
                      TableName: T,
                      Item: {
                        ...keys.licenseToken(next.tokenHash),
                        merchantId: next.merchantId,
                        serial: next.serial,
                        entity: 'licenseToken',
                        expiresAt: Math.floor(Date.parse(next.tokenExpiresAt) / 1000),
                      },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new LicenseChangedConcurrentlyException();
      throw error;
    }
  }

  async list(merchantId: string, status: LicenseStatus | undefined, slice: LicenseSlice) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.merchantLicensesPk(merchantId),
      ...(status === undefined ? {} : { beginsWith: `${status}#` }),
      forward: slice.ordType === 'asc',
      offset: slice.offset,
      limit: slice.limit,
      cursor: slice.cursor,
    });
    return { items: page.items.map((i) => licenseRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, status: LicenseStatus | undefined): Promise<number> {
    const total = await countQuery(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.merchantLicensesPk(merchantId),
      ...(status === undefined ? {} : { beginsWith: `${status}#` }),
    });
    return total.count;
  }

  async tokenRef(tokenHash: string): Promise<LicenseTokenRef | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.licenseToken(tokenHash) }));
    return res.Item ? tokenRecord.read(res.Item) : undefined;
  }

  async dueMails(limit: number): Promise<StoredLicense[]> {
    const items = await readRange(this.doc, { tableName: this.tableName, index: 'gsi2', partition: keys.licenseMailsPk, forward: true, max: limit });
    return items.map((i) => licenseRecord.read(i));
  }

  async demosExpiringBy(day: string, limit: number): Promise<StoredLicense[]> {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      index: 'gsi3',
      partition: keys.licenseDemosPk,
      between: { from: '0', to: `${day}#~` },
      forward: true,
      max: limit,
    });
    return items.map((i) => licenseRecord.read(i));
  }
}

const registryMerchant = recordSchema('deviceRegistry', z.object({ merchantId: z.string() }));
const posName = recordSchema('pos', z.object({ name: z.string() }));

/** A machine as a licence needs it: whose it is (its registry item) and its name (its POS item), two projected GetItems. */
export async function licenseMachine(
  doc: DynamoDBDocumentClient,
  tableName: string,
  serial: string,
): Promise<{ merchantId: string; name: string } | undefined> {
  const reg = await doc.send(new GetCommand({ TableName: tableName, Key: keys.deviceRegistry(serial), ProjectionExpression: 'pk, sk, merchantId' }));
  const merchantId = reg.Item && registryMerchant.read(reg.Item).merchantId;
  if (!merchantId) return undefined;
  const pos = await doc.send(
    new GetCommand({ TableName: tableName, Key: keys.pos(merchantId, serial), ProjectionExpression: 'pk, sk, #n', ExpressionAttributeNames: { '#n': 'name' } }),
  );
  return pos.Item ? { merchantId, name: posName.read(pos.Item).name } : undefined;
}
