import { DynamoClientRepository } from '../../adapters/dynamodb/client-repository';
import { DynamoLicenseRepository, licenseMachine } from '../../adapters/dynamodb/licence-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The service manager group: machines' licences, their clients, and the client's public confirmation. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  licenses: new DynamoLicenseRepository(doc, tableName),
  machines: { machine: (serial: string) => licenseMachine(doc, tableName, serial) },
  clients: new DynamoClientRepository(doc, tableName),
  now: () => new Date().toISOString(),
}));

export type ServiceManagerGroupDeps = ReturnType<typeof deps>;
