import { alarmSettingRepository } from '../../functions/adapters/dynamodb/alarm-setting-repository';
import { DynamoAlarmRepository } from '../../functions/adapters/dynamodb/alarm-repository';
import { DynamoClientRepository } from '../../functions/adapters/dynamodb/client-repository';
import { DynamoDataRequestRepository, DynamoSubscriptionRepository } from '../../functions/adapters/dynamodb/historical-data-repository';
import { DynamoGroupRepository } from '../../functions/adapters/dynamodb/group-repository';
import { DynamoPosPurges } from '../../functions/adapters/dynamodb/machine-purges';
import { DynamoPosRegroups } from '../../functions/adapters/dynamodb/machine-regroups';
import { DynamoMediaRepository } from '../../functions/adapters/dynamodb/media-repository';
import { DynamoMasterAlarmRepository } from '../../functions/adapters/dynamodb/master-alarm-repository';
import { DynamoMerchantRepository } from '../../functions/adapters/dynamodb/merchant-repository';
import { DynamoMerchantSettingsRepository } from '../../functions/adapters/dynamodb/merchant-settings-repository';
import { DynamoNoVendProfileRepository } from '../../functions/adapters/dynamodb/no-vend-profile-repository';
import { DynamoCustomParameterRepository } from '../../functions/adapters/dynamodb/custom-parameter-repository';
import { DynamoProductRepository } from '../../functions/adapters/dynamodb/product-repository';
import { DynamoPlanogramRepository } from '../../functions/adapters/dynamodb/planogram-repository';
import { DynamoStockRepository } from '../../functions/adapters/dynamodb/stock-repository';
import { DynamoPosConfigRepository } from '../../functions/adapters/dynamodb/pos-config-repository';
import { DynamoPosHistoryRepository } from '../../functions/adapters/dynamodb/pos-history-repository';
import { DynamoPriceRepository } from '../../functions/adapters/dynamodb/price-repository';
import { DynamoPosRecords } from '../../functions/adapters/dynamodb/machine-writes';
import { DynamoRemoteCommandRepository } from '../../functions/adapters/dynamodb/remote-command-repository';
import { DynamoUserRepository } from '../../functions/adapters/dynamodb/user-repository';
import type { MasterAlarmRepository } from '../../functions/core/alarms/master-alarms';
import type { AlarmRepository } from '../../functions/core/alarms/ports';
import type { AlarmSettingRepository } from '../../functions/core/alarms/settings';
import type { ClientRepository } from '../../functions/core/clients/ports';
import type { PosConfigRepository } from '../../functions/core/devices/config-ports';
import type { PosHistoryRepository } from '../../functions/core/devices/history-ports';
import type { PosPurges, PosRegroups, PosRecords } from '../../functions/core/devices/ports';
import type { DataRequestRepository, SubscriptionRepository } from '../../functions/core/historical-data/ports';
import type { GroupRepository } from '../../functions/core/groups/ports';
import type { MediaRepository } from '../../functions/core/medias/ports';
import type { MerchantRepository, MerchantSettingsRepository } from '../../functions/core/merchants/ports';
import type { NoVendProfileRepository } from '../../functions/core/no-vend-profiles/ports';
import type { PlanogramRepository } from '../../functions/core/planograms/ports';
import type { StockRepository } from '../../functions/core/stock/ports';
import type { PriceRepository } from '../../functions/core/prices/ports';
import type { CustomParameterRepository, ProductRepository } from '../../functions/core/products/ports';
import type { RemoteCommandRepository } from '../../functions/core/remote-commands/ports';
import type { UserRepository } from '../../functions/core/users/ports';
import { baseDeps, type BaseDeps } from '../../functions/runtime/base-deps';
import type { RuntimeConfig } from '../../functions/runtime/config';

/**
 * Every repository of the table, pointed at one stack: what the seed, the simulator, the tests and the bench
 * arrange data with. Local only: a function builds just its own group's (functions/api/<group>/deps.ts).
 */
export interface LocalRepositories extends BaseDeps {
  users: UserRepository;
  merchants: MerchantRepository;
  merchantSettings: MerchantSettingsRepository;
  groups: GroupRepository;
  pos: PosRecords;
  purges: PosPurges;
  regroups: PosRegroups;
  posHistory: PosHistoryRepository;
  posConfigs: PosConfigRepository;
  clients: ClientRepository;
  noVendProfiles: NoVendProfileRepository;
  products: ProductRepository;
  customParameters: CustomParameterRepository;
  planograms: PlanogramRepository;
  stock: StockRepository;
  prices: PriceRepository;
  alarms: AlarmRepository;
  masterAlarms: MasterAlarmRepository;
  alarmSettings: AlarmSettingRepository;
  remoteCommands: RemoteCommandRepository;
  dataRequests: DataRequestRepository;
  dataSubscriptions: SubscriptionRepository;
  medias: MediaRepository;
}

export function localRepositories(config: RuntimeConfig): LocalRepositories {
  const base = baseDeps({ table: 'readWrite' }, config);
  const {
    doc,
    config: { tableName },
  } = base;
  return {
    ...base,
    users: new DynamoUserRepository(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
    merchantSettings: new DynamoMerchantSettingsRepository(doc, tableName),
    groups: new DynamoGroupRepository(doc, tableName),
    pos: new DynamoPosRecords(doc, tableName),
    purges: new DynamoPosPurges(doc, tableName),
    regroups: new DynamoPosRegroups(doc, tableName),
    posHistory: new DynamoPosHistoryRepository(doc, tableName),
    posConfigs: new DynamoPosConfigRepository(doc, tableName),
    clients: new DynamoClientRepository(doc, tableName),
    noVendProfiles: new DynamoNoVendProfileRepository(doc, tableName),
    products: new DynamoProductRepository(doc, tableName),
    customParameters: new DynamoCustomParameterRepository(doc, tableName),
    planograms: new DynamoPlanogramRepository(doc, tableName),
    stock: new DynamoStockRepository(doc, tableName),
    prices: new DynamoPriceRepository(doc, tableName),
    alarms: new DynamoAlarmRepository(doc, tableName),
    masterAlarms: new DynamoMasterAlarmRepository(doc, tableName),
    alarmSettings: alarmSettingRepository(doc, tableName),
    remoteCommands: new DynamoRemoteCommandRepository(doc, tableName),
    dataRequests: new DynamoDataRequestRepository(doc, tableName),
    dataSubscriptions: new DynamoSubscriptionRepository(doc, tableName),
    medias: new DynamoMediaRepository(doc, tableName),
  };
}
