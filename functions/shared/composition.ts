import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ClientRepository } from '../core/clients/ports';
import type { PosHistoryRepository } from '../core/devices/history-ports';
import type { PosConfigRepository } from '../core/devices/config-ports';
import type { MachinePurges, PosRepository } from '../core/devices/ports';
import type { GroupRepository } from '../core/groups/ports';
import type { MerchantRepository, MerchantSettingsRepository } from '../core/merchants/ports';
import type { NoVendProfileRepository } from '../core/no-vend-profiles/ports';
import type { UserRepository } from '../core/users/ports';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoClientRepository } from '../adapters/dynamodb/client-repository';
import { DynamoGroupRepository } from '../adapters/dynamodb/group-repository';
import { DynamoMachinePurges } from '../adapters/dynamodb/machine-purges';
import { DynamoPosHistoryRepository } from '../adapters/dynamodb/pos-history-repository';
import { DynamoPosConfigRepository } from '../adapters/dynamodb/pos-config-repository';
import { DynamoPosRepository } from '../adapters/dynamodb/pos-repository';
import { DynamoMerchantRepository } from '../adapters/dynamodb/merchant-repository';
import { DynamoMerchantSettingsRepository } from '../adapters/dynamodb/merchant-settings-repository';
import { DynamoNoVendProfileRepository } from '../adapters/dynamodb/no-vend-profile-repository';
import { DynamoUserRepository } from '../adapters/dynamodb/user-repository';
import { forgetPrincipal } from './auth/load-principal';
import { loadConfig, type RuntimeConfig } from './config';

/** Everything a route handler may use; built once per process from the environment. */
export interface Deps {
  config: RuntimeConfig;
  doc: DynamoDBDocumentClient;
  merchants: MerchantRepository;
  merchantSettings: MerchantSettingsRepository;
  users: UserRepository;
  groups: GroupRepository;
  pos: PosRepository;
  purges: MachinePurges;
  posHistory: PosHistoryRepository;
  posConfigs: PosConfigRepository;
  clients: ClientRepository;
  noVendProfiles: NoVendProfileRepository;
  /** Drops this process's cached memberships of a changed or deleted user. */
  forgetPrincipal: (userId: string) => void;
  newId: () => string;
  now: () => string;
}

let deps: Deps | undefined;

export function buildDeps(config: RuntimeConfig): Deps {
  const doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint });
  return {
    config,
    doc,
    merchants: new DynamoMerchantRepository(doc, config.tableName),
    merchantSettings: new DynamoMerchantSettingsRepository(doc, config.tableName),
    users: new DynamoUserRepository(doc, config.tableName),
    groups: new DynamoGroupRepository(doc, config.tableName),
    pos: new DynamoPosRepository(doc, config.tableName),
    purges: new DynamoMachinePurges(doc, config.tableName),
    posHistory: new DynamoPosHistoryRepository(doc, config.tableName),
    posConfigs: new DynamoPosConfigRepository(doc, config.tableName),
    clients: new DynamoClientRepository(doc, config.tableName),
    noVendProfiles: new DynamoNoVendProfileRepository(doc, config.tableName),
    forgetPrincipal,
    newId: randomUUID,
    now: () => new Date().toISOString(),
  };
}

export function getDeps(): Deps {
  deps ??= buildDeps(loadConfig());
  return deps;
}

/** Forget the process's deps (a local stack started again in the same process has new endpoints). */
export function resetDeps(): void {
  deps = undefined;
}
