import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { Client } from '#schemas/client';
import { ClientInUseException, ClientNotFoundException, DuplicateClientNameException } from '../../core/clients/errors';
import type { ClientRepository, ClientSliceRequest } from '../../core/clients/ports';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { recordSchema } from './records';

/** The record schema of a client: items written before its machines count was kept have 0. */
export const clientRecord = recordSchema<Client>('client', z.extend(Client, { machines: z._default(z.number(), 0) }));

export class DynamoClientRepository implements ClientRepository {
  private readonly store: NamedEntityStore<Client>;

  constructor(doc: DynamoDBDocumentClient, tableName: string) {
    this.store = new NamedEntityStore<Client>(doc, tableName, {
      entity: 'client',
      record: clientRecord,
      key: keys.client,
      byName: keys.clientByName,
      listPartition: keys.merchantClientsPk,
      nameGuard: keys.clientNameGuard,
      guardOwner: 'clientId',
      counterName: (merchantId) => `MERCHANT#${merchantId}#CLIENTS`,
      editable: ['code', 'name', 'companyName', 'vat', 'address', 'city', 'province', 'postalCode', 'country', 'phone', 'website', 'updatedAt'],
      usage: { attribute: 'machines', inUse: () => new ClientInUseException() },
      duplicate: () => new DuplicateClientNameException(),
      notFound: () => new ClientNotFoundException(),
    });
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  listSlice(merchantId: string, req: ClientSliceRequest) {
    return this.store.listSlice(merchantId, req);
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(client: Client) {
    return this.store.create(client);
  }

  update(current: Client, next: Client) {
    return this.store.update(current, next);
  }

  delete(current: Client) {
    return this.store.delete(current);
  }
}
