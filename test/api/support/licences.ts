import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DynamoLicenseRepository } from '../../../functions/adapters/dynamodb/licence-repository';
import type { StoredLicense } from '../../../functions/core/licences/model';
import { hashApiToken, newApiToken } from '../../../functions/core/shared/api-token';
import { newSerial } from './devices';
import { stackDeps } from './stack';

/** The body of POST /service-manager/license for `serial` with `clientId`. */
export const licenseBody = (serial: string, clientId: string, extra: Record<string, unknown> = {}) => ({
  serial,
  type: 1,
  features: ['Connector_Basic'],
  organisation: 'Service Co',
  clientId,
  email: `client-${randomUUID().slice(0, 8)}@example.com`,
  maintenanceType: 1,
  operationMode: 0,
  ...extra,
});

/**
 * A licence sent and mailed (status 1, its link's hash stored), written through the repository for a made-up machine of
 * `merchantId`: answers the link's token, as the e-mail would carry it.
 */
export async function licenseWaitingForClient(merchantId: string): Promise<string> {
  const { doc, config, now } = stackDeps();
  const token = newApiToken();
  const at = now();
  const license: StoredLicense = {
    serial: newSerial(),
    merchantId,
    posName: 'Made-up machine',
    status: 1,
    type: 1,
    features: ['Connector_Basic'],
    organisation: 'Service Co',
    client: { clientId: 'c1', name: 'Client', companyName: '', vat: '', address: '', city: '', postalCode: '', province: '', country: 'IT' },
    email: 'client@example.com',
    maintenanceType: 0,
    operationMode: 0,
    expiresOn: null,
    unassignCase: null,
    report: null,
    createdAt: at,
    sentAt: at,
    confirmedAt: null,
    activatedAt: null,
    endedAt: null,
    updatedAt: at,
    tokenHash: hashApiToken(token),
    tokenExpiresAt: new Date(Date.parse(at) + 3_600_000).toISOString(),
    mailDue: false,
    warnedAt: null,
  };
  await new DynamoLicenseRepository(doc, config.tableName).save(undefined, license);
  expect(license.tokenHash).not.toContain(token);
  return token;
}
